import { useMemo, useState } from 'react';
import { Badge, Box, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { BUDGET_RULES, hasPermission, type FuelPolicyView } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PageHeader } from '@/components/ui/PageHeader';
import { RowMenu } from '@/components/ui/RowMenu';
import { SELECT_PLACEHOLDER } from '@/components/ui/FormFields';
import { useAuth } from '@/lib/auth';
import { useOrganizationChoices } from '@/lib/organization-options';
import { toastReply } from '@/lib/toast';
import { useDeletePolicy, usePolicies, useStationChoices } from '../api';
import { ENFORCEMENT_LABELS, SCOPE_SECTIONS, policiesOfScope, policyText, scopeText } from '../policy-labels';
import { BudgetUsageCard } from './BudgetUsageCard';
import { PolicyFormModal } from './PolicyFormModal';

const ENFORCEMENT_COLORS = { HARD: 'red', SOFT: 'orange' } as const;

interface PolicyRowProps {
  policy: FuelPolicyView;
  stationNames: ReadonlyMap<string, string>;
  /** Edit and Delete, for the organization admin; absent for readers. */
  actions?: { edit: () => void; remove: () => void };
}

function PolicyRow({ policy, stationNames, actions }: PolicyRowProps) {
  const text = policyText(policy, stationNames);
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" align="center" style={{ flex: 1, minWidth: 0 }} wrap="wrap" justify="space-between">
          <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
            <Text size="xs" c="dimmed">
              {scopeText(policy.scope)}
            </Text>
          </Box>
          <Badge color={ENFORCEMENT_COLORS[policy.enforcement]} variant="light" style={{ flexShrink: 0 }}>
            {ENFORCEMENT_LABELS[policy.enforcement]}
          </Badge>
        </Group>
        {actions && (
          <RowMenu
            label={`Actions for ${text} (${scopeText(policy.scope)})`}
            items={[
              { label: 'Edit', icon: <IconPencil size={16} aria-hidden />, onClick: actions.edit },
              { label: 'Delete', icon: <IconTrash size={16} aria-hidden />, onClick: actions.remove, color: 'red' },
            ]}
          />
        )}
      </Group>
    </Box>
  );
}

function EmptyPolicies({ onAdd }: { onAdd?: () => void }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          No fuel policies yet
        </Title>
        <Text size="sm">
          Fuel policies are the rules checked whenever fuel is requested, approved and redeemed: litres per fill, per week or per month,
          naira budgets, the days and hours fuel is allowed, the stations and states it may be bought at, the asset&apos;s own fuel type and
          valid insurance.
        </Text>
        <Text size="sm" c="dimmed">
          Set a rule for the whole organization, a group, a driver or a vehicle; the most specific one applies. &ldquo;Refuse&rdquo; stops a
          fill that breaks it; &ldquo;Let through, flagged&rdquo; lets it through with a flag that a manager judges in the Flags review
          queue.
        </Text>
        {onAdd && (
          <Button mt="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            Add Policy
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The platform admin reads one client's policies at a time. */
function ClientChoice({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const organizations = useOrganizationChoices(true);
  return (
    <NativeSelect
      label="Client"
      maw={360}
      mb="lg"
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      disabled={organizations.isPending}
      data={[
        { value: '', label: SELECT_PLACEHOLDER },
        ...(organizations.data?.data.map((organization) => ({ value: organization.id, label: organization.name })) ?? []),
      ]}
    />
  );
}

/**
 * Fuel policies (issue 44): the organization's rules by scope, organization-wide first, then
 * groups, drivers and vehicles. The organization admin adds, edits and deletes them; its assistant
 * and the platform admin (one client at a time) read them.
 */
export function PoliciesPanel() {
  const { user } = useAuth();
  const isPlatformAdmin = user?.role === 'ADMIN';
  const mayManage = hasPermission(user?.role, 'policies.manage');
  const [clientId, setClientId] = useState<string | null>(null);
  // Read once the session's user is known: the platform admin names the client first.
  const policies = usePolicies(isPlatformAdmin ? clientId : null, user !== null && (!isPlatformAdmin || clientId !== null));
  const rows = useMemo(() => policies.data?.policies ?? [], [policies.data]);
  const stations = useStationChoices(rows.some((policy) => policy.rule === 'ALLOWED_STATIONS'));
  const stationNames = useMemo(() => new Map(stations.data?.stations.map((station) => [station.id, station.name]) ?? []), [stations.data]);
  const [editing, setEditing] = useState<{ policy: FuelPolicyView | null } | null>(null);
  const [removing, setRemoving] = useState<FuelPolicyView | null>(null);
  const remove = useDeletePolicy();
  const add = mayManage ? () => setEditing({ policy: null }) : undefined;

  const body = () => {
    if (isPlatformAdmin && clientId === null) {
      return (
        <Text size="sm" c="dimmed">
          Choose a client to read its fuel policies.
        </Text>
      );
    }
    if (policies.isPending) return <Text size="sm">Loading…</Text>;
    if (policies.isError) return <Text size="sm">The fuel policies could not be loaded.</Text>;
    if (rows.length === 0) return <EmptyPolicies onAdd={add} />;
    const hasBudgets = rows.some((policy) => (BUDGET_RULES as readonly string[]).includes(policy.rule));
    return (
      <Stack gap="lg">
        {hasBudgets && <BudgetUsageCard organizationId={isPlatformAdmin ? clientId : null} />}
        {SCOPE_SECTIONS.map(({ type, title }) => {
          const ofScope = policiesOfScope(rows, type);
          if (ofScope.length === 0) return null;
          return (
            <Card key={type} withBorder radius="md" p="md" pb={4} component="section" aria-label={title}>
              <Title order={2} size="h5" mb="xs">
                {title}
              </Title>
              <Box component="ul" aria-label={title} m={0} p={0} style={{ listStyle: 'none' }}>
                {ofScope.map((policy) => (
                  <PolicyRow
                    key={policy.id}
                    policy={policy}
                    stationNames={stationNames}
                    {...(mayManage ? { actions: { edit: () => setEditing({ policy }), remove: () => setRemoving(policy) } } : {})}
                  />
                ))}
              </Box>
            </Card>
          );
        })}
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title="Fuel Policies"
        description={
          mayManage
            ? 'Rules checked when fuel is requested, approved and redeemed; the most specific one applies'
            : 'Rules checked when fuel is requested, approved and redeemed (read-only)'
        }
        actions={
          add && rows.length > 0 ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
              Add Policy
            </Button>
          ) : undefined
        }
      />
      {isPlatformAdmin && <ClientChoice value={clientId} onChange={setClientId} />}
      {body()}
      {mayManage && <PolicyFormModal opened={editing !== null} onClose={() => setEditing(null)} record={editing?.policy ?? null} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete fuel policy"
        message={
          removing && (
            <>
              Delete <strong>{policyText(removing, stationNames)}</strong> for{' '}
              {removing.scope.type === 'ORGANIZATION' ? 'the whole organization' : scopeText(removing.scope)}? Fuel is no longer checked
              against it.
            </>
          )
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void toastReply(remove.mutateAsync(removing.id)).then(() => setRemoving(null));
        }}
      />
    </>
  );
}

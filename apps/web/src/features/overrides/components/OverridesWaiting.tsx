import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { hasPermission, type PolicyOverride } from '@fleetfuel/contract';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatVolume } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDecideOverride, usePendingOverrides, type OverrideDecision } from '../api';
import { DeclineOverrideDialog } from './DeclineOverrideDialog';

/**
 * "Overrides waiting": fills stopped at the pump because they break a SOFT fuel policy, each with
 * an attendant waiting for it. Managers see them; the organization admin approves in one tap or
 * declines with an optional note. Nothing is shown while none is waiting.
 */
export function OverridesWaiting() {
  const { user } = useAuth();
  const canRead = hasPermission(user?.role, 'overrides.read');
  const canDecide = hasPermission(user?.role, 'overrides.decide');
  const showOrganization = user?.role === 'ADMIN';
  const pending = usePendingOverrides(canRead);
  const decide = useDecideOverride();
  const [declining, setDeclining] = useState<PolicyOverride | null>(null);

  const overrides = pending.data?.data ?? [];
  if (!canRead || overrides.length === 0) return null;

  const send = (override: PolicyOverride, body: OverrideDecision) =>
    decide.mutate(
      { id: override.id, body },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setDeclining(null);
        },
      },
    );
  const busyWith = decide.isPending ? decide.variables : undefined;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} mb="lg" component="section" aria-labelledby="overrides-waiting-title">
      <Stack gap="sm">
        <div>
          <Group gap="xs">
            <Title order={2} fz="lg" id="overrides-waiting-title">
              Overrides waiting
            </Title>
            <Badge color="yellow" variant="light" aria-label={`${pending.data?.total ?? overrides.length} waiting`}>
              {pending.data?.total ?? overrides.length}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            An attendant is waiting at the pump: the fill breaks a fuel policy set to ask a manager.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {overrides.map((override) => (
            <OverrideCard
              key={override.id}
              override={override}
              showOrganization={showOrganization}
              actions={
                canDecide && (
                  <Group gap="xs" grow>
                    <Button
                      px="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconX size={16} aria-hidden />}
                      disabled={decide.isPending}
                      onClick={() => setDeclining(override)}
                    >
                      Decline
                    </Button>
                    <Button
                      px="xs"
                      color="green"
                      leftSection={<IconCheck size={16} aria-hidden />}
                      loading={busyWith?.id === override.id && busyWith.body.decision === 'APPROVE'}
                      disabled={decide.isPending && busyWith?.id !== override.id}
                      onClick={() => send(override, { decision: 'APPROVE' })}
                    >
                      Approve
                    </Button>
                  </Group>
                )
              }
            />
          ))}
        </SimpleGrid>
      </Stack>
      <DeclineOverrideDialog
        override={declining}
        loading={decide.isPending}
        onCancel={() => setDeclining(null)}
        onConfirm={(note) => declining && send(declining, note === '' ? { decision: 'DECLINE' } : { decision: 'DECLINE', note })}
      />
    </Paper>
  );
}

function vehicleName(override: PolicyOverride): string {
  const { plateNumber, make, model } = override.vehicle;
  return plateNumber ?? `${make} ${model}`;
}

function OverrideCard({
  override,
  showOrganization,
  actions,
}: {
  override: PolicyOverride;
  showOrganization: boolean;
  actions: ReactNode;
}) {
  const plate = vehicleName(override);
  return (
    <Paper withBorder radius="md" p="sm" role="article" aria-label={`Override for ${plate}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div>
            <Text fw={700}>{plate}</Text>
            <Text size="sm" c="dimmed">
              {override.vehicle.make} {override.vehicle.model}
              {override.driver ? ` · ${override.driver.name}` : ''}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text fw={700} aria-label="Litres asked">
              {formatVolume(override.dispensedVolume, 'L')}
            </Text>
            <Text size="xs" c="dimmed">
              of {formatVolume(override.request.volume, 'L')} {override.request.fuelType.toLowerCase()}
            </Text>
          </div>
        </Group>
        <List size="sm" spacing={2} aria-label="Breaches">
          {override.breaches.map((breach) => (
            <List.Item key={breach}>{breach}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {override.station.name} · asked by {override.requestedBy.name} at {formatDateTime(override.requestedAt)}
          {showOrganization ? ` · ${override.organization.name}` : ''}
        </Text>
        {actions}
      </Stack>
    </Paper>
  );
}

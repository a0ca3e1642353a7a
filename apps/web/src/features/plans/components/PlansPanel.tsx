import { useMemo, useState } from 'react';
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { PLAN_STATUSES, type Plan, type PlanStatus } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { RowAction } from '@/components/ui/RowAction';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { formatCurrency, formatNumber } from '@/lib/format';
import { usePlans, type PlanListQuery } from '../api';
import { formatLimit } from '../plan-form';
import { PlanFormModal } from './PlanFormModal';
import { StatusListFilter } from '@/components/ui/ListFilter';
import { useListView } from '@/lib/list-view';
import { pagedRows } from '@/lib/list-paging';

const STATUS_FILTER = PLAN_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

function isPlanStatus(value: string): value is PlanStatus {
  return (PLAN_STATUSES as readonly string[]).includes(value);
}

interface Editing {
  opened: boolean;
  plan: Plan | null;
}

/** Settings for the platform admin: the subscription plans, with adding and editing them. */
export function PlansPanel() {
  const view = useListView({ filters: ['status'] });
  const { status } = view.filters;
  const [editing, setEditing] = useState<Editing>({ opened: false, plan: null });
  const query = useMemo<PlanListQuery>(() => ({ ...view.query, ...(isPlanStatus(status) ? { status } : {}) }), [view.query, status]);
  const plans = usePlans(query);

  const columns = useMemo<DataTableColumn<Plan>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        render: (p) => (
          <Group gap="xs" wrap="nowrap">
            <Text fw={500} size="sm">
              {p.name}
            </Text>
            {p.isDefault && (
              <Badge size="xs" variant="outline" radius="sm" styles={{ label: { overflow: 'visible' } }}>
                Default
              </Badge>
            )}
          </Group>
        ),
      },
      { key: 'amount', header: 'Amount', render: (p) => formatCurrency(p.amount), noWrap: true },
      { key: 'circle', header: 'Cycle', render: (p) => `${formatNumber(p.circle)} days`, noWrap: true },
      { key: 'drivers', header: 'Drivers', render: (p) => formatLimit(p.driversLimit) },
      { key: 'assets', header: 'Assets', render: (p) => formatLimit(p.assetsLimit) },
      { key: 'fuel', header: 'Fuel Requests', render: (p) => formatLimit(p.fuelRequestLimit) },
      { key: 'maintenance', header: 'Maintenance', render: (p) => formatLimit(p.maintenanceRequestLimit) },
      { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} />, noWrap: true },
      { key: 'organizations', header: 'Organizations', render: (p) => formatNumber(p.organizationsCount) },
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (p) => (
          <RowAction
            label={`Edit ${p.name}`}
            tooltip="Edit"
            icon={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing({ opened: true, plan: p })}
          />
        ),
      },
    ],
    [],
  );

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg">
          Subscription Plans
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, plan: null })}>
          Add Plan
        </Button>
      </Group>
      <DataTable
        label="Subscription plans"
        columns={columns}
        {...pagedRows(plans, (reply) => reply.subscriptions)}
        {...view.table}
        searchPlaceholder="Search plans"
        minWidth={900}
        toolbar={<StatusListFilter options={STATUS_FILTER} {...view.filterControl('status')} />}
      />
      <PlanFormModal opened={editing.opened} onClose={() => setEditing((current) => ({ ...current, opened: false }))} plan={editing.plan} />
    </>
  );
}

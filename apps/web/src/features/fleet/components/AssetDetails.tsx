import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconSnowflake, IconSnowflakeOff, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { hasPermission, type Vehicle } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { useAuth } from '@/lib/auth';
import { formatCurrency, formatDate, formatNumber } from '@/lib/format';
import { isNotFound, useVehicle } from '../api';
import { ASSET_TYPE_LABELS, FUEL_TYPE_LABELS, TRANSMISSION_LABELS, assetName, keeperLabel, tankUnit } from '../fleet-labels';
import { hasRegistration } from '../vehicle-form';
import { AssetAvatar } from './AssetCells';
import { FuelLogsPanel, MaintenanceLogsPanel } from './AssetHistory';
import { AssignmentDialogs, type AssignmentTarget } from './AssignmentDialogs';
import { DetailGrid, type DetailItem } from './DetailGrid';
import { FreezeDialogs, FrozenAlert, type FreezeTarget } from './FreezeDialogs';
import { InsurancePanel } from './InsurancePanel';
import { VehicleFormModal } from './VehicleFormModal';

export const ASSET_TABS = ['details', 'insurance', 'fuel-logs', 'maintenance'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

const TAB_LABELS: Record<AssetTab, string> = {
  details: 'Details',
  insurance: 'Insurance',
  'fuel-logs': 'Fuel Logs',
  maintenance: 'Maintenance',
};

export interface AssetDetailsProps {
  /** The asset's id from the address; null when the address names none. */
  id: string | null;
  tab: AssetTab;
  onTabChange: (tab: AssetTab) => void;
  /** The asset's audit trail, shown under its details; the page supplies it (features do not import each other). */
  history?: ReactNode;
}

/** Spec section 2: an asset's details page with tabs Details, Insurance, Fuel Logs and Maintenance. */
export function AssetDetails({ id, tab, onTabChange, history }: AssetDetailsProps) {
  const { user } = useAuth();
  const canManage = hasPermission(user?.role, 'fleet.manage');
  const vehicle = useVehicle(id);

  if (id === null || (vehicle.isError && isNotFound(vehicle.error))) return <AssetNotFound canManage={canManage} />;
  if (vehicle.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading asset" />
      </Center>
    );
  }
  if (vehicle.isError) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text fw={500}>This asset could not be loaded.</Text>
        <Button mt="md" variant="default" onClick={() => void vehicle.refetch()}>
          Try again
        </Button>
      </Paper>
    );
  }

  return <AssetView vehicle={vehicle.data} canManage={canManage} tab={tab} onTabChange={onTabChange} history={history} />;
}

function BackLink({ canManage }: { canManage: boolean }) {
  return (
    <Anchor component={PrefetchLink} to={canManage ? '/assets' : '/'} size="sm">
      <Group component="span" gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {canManage ? 'Back to Assets' : 'Back to Dashboard'}
      </Group>
    </Anchor>
  );
}

function AssetNotFound({ canManage }: { canManage: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Title order={1} fz={22}>
        Asset not found
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        This asset does not exist, or it is not one you can see.
      </Text>
      <BackLink canManage={canManage} />
    </Paper>
  );
}

interface AssetViewProps {
  vehicle: Vehicle;
  canManage: boolean;
  tab: AssetTab;
  onTabChange: (tab: AssetTab) => void;
  history: ReactNode;
}

function AssetView({ vehicle, canManage, tab, onTabChange, history }: AssetViewProps) {
  const [editing, setEditing] = useState(false);
  const [assignment, setAssignment] = useState<AssignmentTarget | null>(null);
  const [freezing, setFreezing] = useState<FreezeTarget | null>(null);
  // Freezing is the organization admin's (and the platform's), within the fleet managers.
  const { user } = useAuth();
  const canFreeze = hasPermission(user?.role, 'fleet.freeze');
  const keeper = keeperLabel(vehicle.type);

  return (
    <>
      <Stack gap="lg">
        <BackLink canManage={canManage} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" align="flex-start" gap="md">
            <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <AssetAvatar vehicle={vehicle} size={72} />
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Title order={1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
                  {assetName(vehicle)}
                </Title>
                <Text c="dimmed" size="sm">
                  {/* Without a plate the title already is the make and model: the name is said once. */}
                  {vehicle.plateNumber === null
                    ? ASSET_TYPE_LABELS[vehicle.type]
                    : `${vehicle.make} ${vehicle.model} · ${ASSET_TYPE_LABELS[vehicle.type]}`}
                </Text>
                <Group gap="xs">
                  <StatusBadge status={vehicle.status} />
                  {/* Coloured like the Insurance column's badge: anything but an active policy is a danger. */}
                  <Badge
                    variant="light"
                    radius="sm"
                    color={vehicle.insuranceStatus === 'ACTIVE' ? 'green' : 'red'}
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    Insurance: {statusLabel(vehicle.insuranceStatus)}
                  </Badge>
                </Group>
              </Stack>
            </Group>
            {canManage && (
              <Group gap="sm">
                <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
                {vehicle.driver ? (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconUserMinus size={16} aria-hidden />}
                    onClick={() => setAssignment({ action: 'unassign', vehicle })}
                  >
                    Unassign {keeper}
                  </Button>
                ) : (
                  <Button
                    variant="light"
                    leftSection={<IconUserPlus size={16} aria-hidden />}
                    onClick={() => setAssignment({ action: 'assign', vehicle })}
                  >
                    Assign {keeper}
                  </Button>
                )}
                {canFreeze && (
                  <Button
                    variant="light"
                    color="indigo"
                    leftSection={vehicle.frozen ? <IconSnowflakeOff size={16} aria-hidden /> : <IconSnowflake size={16} aria-hidden />}
                    onClick={() =>
                      setFreezing({
                        kind: 'vehicle',
                        action: vehicle.frozen ? 'unfreeze' : 'freeze',
                        id: vehicle.id,
                        name: assetName(vehicle),
                      })
                    }
                  >
                    {vehicle.frozen ? 'Unfreeze' : 'Freeze'}
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {vehicle.frozen && (
            <Box mt="md">
              <FrozenAlert frozen={vehicle.frozen} noun="asset" />
            </Box>
          )}
        </Paper>

        <Tabs
          value={tab}
          onChange={(value) => {
            const next = ASSET_TABS.find((t) => t === value);
            if (next) onTabChange(next);
          }}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {ASSET_TABS.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TAB_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="details">
            <Stack gap="lg">
              <Paper withBorder radius="md" p="lg">
                <DetailGrid items={detailItems(vehicle)} />
              </Paper>
              {history}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="insurance">
            <InsurancePanel vehicle={vehicle} canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="fuel-logs">
            <FuelLogsPanel vehicle={vehicle} />
          </Tabs.Panel>
          <Tabs.Panel value="maintenance">
            <MaintenanceLogsPanel vehicle={vehicle} />
          </Tabs.Panel>
        </Tabs>
      </Stack>

      {canManage && (
        <>
          <VehicleFormModal opened={editing} onClose={() => setEditing(false)} record={vehicle} />
          <AssignmentDialogs target={assignment} onClose={() => setAssignment(null)} />
          <FreezeDialogs target={freezing} onClose={() => setFreezing(null)} />
        </>
      )}
    </>
  );
}

/** Details that only some asset types have: a generator has no plate, registration papers or odometer. */
function appliesTo(label: string, type: Vehicle['type']): boolean {
  const roadOnly = ['Plate Number', 'Last Odometer'];
  const registrationOnly = ['Registration State', 'Registration Expiry', 'Chassis Number', 'Transmission'];
  if (type === 'GENERATOR' && roadOnly.includes(label)) return false;
  if (registrationOnly.includes(label)) return hasRegistration(type);
  return true;
}

function detailItems(vehicle: Vehicle): DetailItem[] {
  const driver = vehicle.driver;
  const items: DetailItem[] = [
    { label: 'Asset Type', value: ASSET_TYPE_LABELS[vehicle.type] },
    { label: 'Plate Number', value: vehicle.plateNumber },
    { label: 'Make', value: vehicle.make },
    { label: 'Model', value: vehicle.model },
    { label: 'Fuel Type', value: FUEL_TYPE_LABELS[vehicle.fuelType] },
    { label: 'Status', value: <StatusBadge status={vehicle.status} /> },
    { label: 'Group', value: vehicle.department?.name },
    {
      label: keeperLabel(vehicle.type),
      value: driver ? [driver.name, driver.phone ?? driver.email].filter(Boolean).join(' · ') : null,
    },
    { label: 'Client', value: vehicle.organization.name },
    { label: 'Location (State)', value: vehicle.state },
    { label: 'Color', value: vehicle.color },
    { label: 'Year', value: vehicle.year === null ? null : String(vehicle.year) },
    { label: 'Date of Purchase', value: formatDate(vehicle.datePurchase) },
    { label: 'Purchase Price', value: vehicle.purchasePrice === null ? null : formatCurrency(vehicle.purchasePrice) },
    { label: 'Tank Size', value: vehicle.tankSize === null ? null : `${formatNumber(vehicle.tankSize)} ${tankUnit(vehicle.fuelType)}` },
    { label: 'Security Number', value: vehicle.securityNumber },
    { label: 'Registration Number', value: vehicle.registrationNumber },
    { label: 'Registration State', value: vehicle.registrationState },
    { label: 'Registration Expiry', value: formatDate(vehicle.registrationExpiry) },
    { label: 'Chassis Number', value: vehicle.chasisNumber },
    { label: 'Transmission', value: vehicle.transmissionType ? TRANSMISSION_LABELS[vehicle.transmissionType] : null },
    { label: 'Insurance', value: <StatusBadge status={vehicle.insuranceStatus} /> },
    { label: 'Last Odometer', value: vehicle.lastOdometer === null ? null : `${formatNumber(vehicle.lastOdometer)} km` },
    { label: 'Date Added', value: formatDate(vehicle.createdAt) },
  ];
  // A detail the type does not have is left out, unless the record holds a value for it anyway.
  return items.filter(
    (item) => appliesTo(item.label, vehicle.type) || (item.value !== null && item.value !== undefined && item.value !== ''),
  );
}

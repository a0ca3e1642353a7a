import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  IconEye,
  IconPencil,
  IconQrcode,
  IconSnowflake,
  IconSnowflakeOff,
  IconTrash,
  IconUserMinus,
  IconUserPlus,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ASSET_STATUSES, ASSET_TYPES, VEHICLE_SORTS, hasPermission, routes, type Vehicle } from '@fleetfuel/contract';
import { CrudListPage } from '@/components/ui/CrudListPage';
import { RowMenu } from '@/components/ui/RowMenu';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { useAuth } from '@/lib/auth';
import { useDeleteVehicle, useStickerDownload, useVehicles } from '../api';
import { ASSET_STATUS_OPTIONS, ASSET_TYPE_OPTIONS } from '../choices';
import { ASSET_TYPE_LABELS, EMPTY_VALUE, FUEL_TYPE_LABELS, assetName, keeperLabel } from '../fleet-labels';
import { AssetIdentity, KeeperCell, assetDetailsPath } from './AssetCells';
import { AssignmentDialogs, type AssignmentTarget } from './AssignmentDialogs';
import { FreezeDialogs, FrozenBadge, type FreezeTarget } from './FreezeDialogs';
import { VehicleFormModal } from './VehicleFormModal';
import { ImportButton } from './ImportDialog';

const isOneOf = <T extends string>(choices: readonly T[], value: string): value is T => (choices as readonly string[]).includes(value);

function dimmedOr(value: string | null | undefined) {
  return value ? value : <Text c="dimmed">{EMPTY_VALUE}</Text>;
}

/** Spec section 2, Assets: the organization's vehicles, generators and motorcycles. */
export function AssetsPanel() {
  const { user: me } = useAuth();
  const isPlatformAdmin = me?.role === 'ADMIN';
  const navigate = useNavigate();
  const [assignment, setAssignment] = useState<AssignmentTarget | null>(null);
  const deleteVehicle = useDeleteVehicle();
  // Windscreen stickers are signed for one organization: its own admins print them (issue 42).
  const printsStickers = hasPermission(me?.role, 'fleet.stickers');
  const stickers = useStickerDownload();
  const canFreeze = hasPermission(me?.role, 'fleet.freeze');
  const [freezing, setFreezing] = useState<FreezeTarget | null>(null);

  return (
    <CrudListPage
      label="Assets"
      header={{ title: 'Assets', description: 'Vehicles, generators and motorcycles, with their drivers and care takers' }}
      addLabel="Add Asset"
      searchPlaceholder="Search plate, make or model"
      above={
        <Group gap="sm">
          <ImportButton kind="assets" />
          {printsStickers && (
            <Button
              variant="default"
              leftSection={<IconQrcode size={16} aria-hidden />}
              loading={stickers.isPending && stickers.variables === null}
              onClick={() => stickers.mutate(null)}
            >
              Print Stickers
            </Button>
          )}
        </Group>
      }
      minWidth={isPlatformAdmin ? 1020 : 960}
      clientFilter={isPlatformAdmin}
      filters={[
        { name: 'type', label: 'Filter by asset type', allLabel: 'All types', options: ASSET_TYPE_OPTIONS },
        { name: 'status', label: 'Filter by status', allLabel: 'All statuses', options: ASSET_STATUS_OPTIONS },
      ]}
      sortable={VEHICLE_SORTS}
      toQuery={(base, { type, status }) => ({
        ...base,
        ...(isOneOf(ASSET_TYPES, type) ? { type } : {}),
        ...(isOneOf(ASSET_STATUSES, status) ? { status } : {}),
      })}
      useList={useVehicles}
      exportRoute={routes.exports.vehicles}
      columns={({ type }) => [
        {
          key: 'asset',
          sortKey: 'plateNumber',
          header: 'Asset',
          // Frozen says so in the first column, which stays in view (and heads the card on a phone).
          render: (v) => (
            <Stack gap={6} align="flex-start" maw={260}>
              <AssetIdentity vehicle={v} />
              <FrozenBadge frozen={v.frozen} />
            </Stack>
          ),
        },
        { key: 'type', header: 'Asset Type', render: (v) => ASSET_TYPE_LABELS[v.type], noWrap: true },
        { key: 'location', sortKey: 'state', header: 'Location', render: (v) => dimmedOr(v.state), noWrap: true },
        ...(isPlatformAdmin ? [{ key: 'client', header: 'Client', render: (v: Vehicle) => v.organization.name }] : []),
        { key: 'group', header: 'Group', render: (v) => dimmedOr(v.department?.name) },
        {
          key: 'driver',
          // A table of generators only speaks of care takers; a mixed one names the role per row.
          header: type === 'GENERATOR' ? 'Care Taker' : 'Driver',
          render: (v) => <KeeperCell vehicle={v} showRole={type === '' && v.type === 'GENERATOR'} />,
        },
        { key: 'fuelType', header: 'Fuel Type', render: (v) => FUEL_TYPE_LABELS[v.fuelType], noWrap: true },
        { key: 'insurance', header: 'Insurance', render: (v) => <StatusBadge status={v.insuranceStatus} />, noWrap: true },
        { key: 'status', header: 'Status', render: (v) => <StatusBadge status={v.status} />, noWrap: true },
      ]}
      rowActions={(v, { edit, remove }) => {
        const keeper = keeperLabel(v.type);
        return (
          <RowMenu
            label={`Actions for ${assetName(v)}`}
            items={[
              { label: 'View details', icon: <IconEye size={16} aria-hidden />, onClick: () => void navigate(assetDetailsPath(v.id)) },
              { label: 'Edit', icon: <IconPencil size={16} aria-hidden />, onClick: edit },
              ...(printsStickers
                ? [{ label: 'Print sticker', icon: <IconQrcode size={16} aria-hidden />, onClick: () => stickers.mutate([v.id]) }]
                : []),
              v.driver
                ? {
                    label: `Unassign ${keeper}`,
                    icon: <IconUserMinus size={16} aria-hidden />,
                    onClick: () => setAssignment({ action: 'unassign', vehicle: v }),
                  }
                : {
                    label: `Assign ${keeper}`,
                    icon: <IconUserPlus size={16} aria-hidden />,
                    onClick: () => setAssignment({ action: 'assign', vehicle: v }),
                  },
              ...(canFreeze
                ? [
                    {
                      label: v.frozen ? 'Unfreeze' : 'Freeze',
                      icon: v.frozen ? <IconSnowflakeOff size={16} aria-hidden /> : <IconSnowflake size={16} aria-hidden />,
                      onClick: () =>
                        setFreezing({ kind: 'vehicle', action: v.frozen ? 'unfreeze' : 'freeze', id: v.id, name: assetName(v) }),
                    },
                  ]
                : []),
              { label: 'Delete', icon: <IconTrash size={16} aria-hidden />, onClick: remove, color: 'red' },
            ]}
          />
        );
      }}
      renderForm={(form) => <VehicleFormModal {...form} />}
      remove={{
        mutation: deleteVehicle,
        title: 'Delete asset',
        message: (v) => (
          <>
            Delete <strong>{assetName(v)}</strong>? This cannot be undone. An asset with history (assignments, insurance or requests) cannot
            be deleted: set it Inactive instead.
          </>
        ),
      }}
    >
      <AssignmentDialogs target={assignment} onClose={() => setAssignment(null)} />
      <FreezeDialogs target={freezing} onClose={() => setFreezing(null)} />
    </CrudListPage>
  );
}

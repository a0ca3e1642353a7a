import { useMemo, useState } from 'react';
import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconPlus, IconTrash, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ASSET_STATUSES, ASSET_TYPES, PAGE_SIZE_DEFAULT, type Vehicle } from '@fleetfuel/contract';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { PageHeader } from '../../../components/ui/PageHeader';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useAuth } from '../../../lib/auth';
import { useDeleteVehicle, useVehicles, type VehicleListQuery } from '../api';
import { ASSET_STATUS_OPTIONS, ASSET_TYPE_OPTIONS } from '../choices';
import { ASSET_TYPE_LABELS, EMPTY_VALUE, FUEL_TYPE_LABELS, assetName, keeperLabel } from '../fleet-labels';
import { AssetIdentity, KeeperCell, assetDetailsPath } from './AssetCells';
import { AssignmentDialogs, type AssignmentTarget } from './AssignmentDialogs';
import { VehicleFormModal } from './VehicleFormModal';
import { ListFilter, ClientFilter } from '../../../components/ui/ListFilter';
import { useKeepPageInRange, useListPaging } from '../../../lib/list-paging';

/** The asset form; `vehicle` outlives `opened` so the modal keeps its title while it closes. */
interface Editing {
  opened: boolean;
  vehicle: Vehicle | null;
}

const isOneOf = <T extends string>(choices: readonly T[], value: string): value is T => (choices as readonly string[]).includes(value);

function dimmedOr(value: string | null | undefined) {
  return value ? value : <Text c="dimmed">{EMPTY_VALUE}</Text>;
}

/** Spec section 2, Assets: the organization's vehicles, generators and motorcycles. */
export function AssetsPanel() {
  const { user: me } = useAuth();
  const isPlatformAdmin = me?.role === 'ADMIN';
  const navigate = useNavigate();
  const { page, setPage, search, onSearchChange, resettingPage } = useListPaging();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [editing, setEditing] = useState<Editing>({ opened: false, vehicle: null });
  const [assignment, setAssignment] = useState<AssignmentTarget | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  const query = useMemo<VehicleListQuery>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(isOneOf(ASSET_TYPES, type) ? { type } : {}),
      ...(isOneOf(ASSET_STATUSES, status) ? { status } : {}),
      ...(isPlatformAdmin && organizationId ? { organizationId } : {}),
    }),
    [page, search, type, status, organizationId, isPlatformAdmin],
  );
  const vehicles = useVehicles(query);
  const deleteVehicle = useDeleteVehicle();

  const meta = vehicles.data?.meta;
  useKeepPageInRange(meta, page, setPage);

  const confirmDelete = async () => {
    if (!deleting) return;
    // A refusal (the asset has history) reaches the user as the server's own message.
    const reply = await deleteVehicle.mutateAsync(deleting.id).catch(() => null);
    setDeleting(null);
    if (reply) toast.success(reply.message);
  };

  const columns = useMemo<DataTableColumn<Vehicle>[]>(() => {
    // A table of generators only speaks of care takers; a mixed one names the role per row.
    const keeperHeader = type === 'GENERATOR' ? 'Care Taker' : 'Driver';
    const list: DataTableColumn<Vehicle>[] = [
      { key: 'asset', header: 'Asset', render: (v) => <AssetIdentity vehicle={v} /> },
      { key: 'type', header: 'Asset Type', render: (v) => ASSET_TYPE_LABELS[v.type], noWrap: true },
      { key: 'location', header: 'Location', render: (v) => dimmedOr(v.state), noWrap: true },
    ];
    if (isPlatformAdmin) list.push({ key: 'client', header: 'Client', render: (v) => v.organization.name });
    list.push(
      { key: 'group', header: 'Group', render: (v) => dimmedOr(v.department?.name) },
      { key: 'driver', header: keeperHeader, render: (v) => <KeeperCell vehicle={v} showRole={type === '' && v.type === 'GENERATOR'} /> },
      { key: 'fuelType', header: 'Fuel Type', render: (v) => FUEL_TYPE_LABELS[v.fuelType], noWrap: true },
      { key: 'insurance', header: 'Insurance', render: (v) => <StatusBadge status={v.insuranceStatus} />, noWrap: true },
      { key: 'status', header: 'Status', render: (v) => <StatusBadge status={v.status} />, noWrap: true },
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (v) => {
          const keeper = keeperLabel(v.type);
          return (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${assetName(v)}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => void navigate(assetDetailsPath(v.id))}>
                  View details
                </Menu.Item>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing({ opened: true, vehicle: v })}>
                  Edit
                </Menu.Item>
                {v.driver ? (
                  <Menu.Item
                    leftSection={<IconUserMinus size={16} aria-hidden />}
                    onClick={() => setAssignment({ action: 'unassign', vehicle: v })}
                  >
                    Unassign {keeper}
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    leftSection={<IconUserPlus size={16} aria-hidden />}
                    onClick={() => setAssignment({ action: 'assign', vehicle: v })}
                  >
                    Assign {keeper}
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(v)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          );
        },
      },
    );
    return list;
  }, [type, isPlatformAdmin, navigate]);

  return (
    <>
      <PageHeader
        title="Assets"
        description="Vehicles, generators and motorcycles, with their drivers and care takers"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, vehicle: null })}>
            Add Asset
          </Button>
        }
      />
      <DataTable
        label="Assets"
        columns={columns}
        rows={vehicles.data?.data}
        rowKey={(v) => v.id}
        meta={meta}
        loading={vehicles.isFetching}
        onPageChange={setPage}
        onSearchChange={onSearchChange}
        searchPlaceholder="Search plate, make or model"
        minWidth={isPlatformAdmin ? 1020 : 960}
        toolbar={
          <>
            {isPlatformAdmin && <ClientFilter value={organizationId} onChange={resettingPage(setOrganizationId)} />}
            <ListFilter
              label="Filter by asset type"
              allLabel="All types"
              value={type}
              options={ASSET_TYPE_OPTIONS}
              onChange={resettingPage(setType)}
            />
            <ListFilter
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={ASSET_STATUS_OPTIONS}
              onChange={resettingPage(setStatus)}
            />
          </>
        }
      />

      <VehicleFormModal
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        vehicle={editing.vehicle}
      />
      <AssignmentDialogs target={assignment} onClose={() => setAssignment(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete asset"
        message={
          <>
            Delete <strong>{deleting ? assetName(deleting) : ''}</strong>? This cannot be undone. An asset with history (assignments,
            insurance or requests) cannot be deleted: set it Inactive instead.
          </>
        }
        confirmLabel="Delete"
        danger
        loading={deleteVehicle.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** The choice lists of the fleet forms and filters. */
import {
  ASSET_STATUSES,
  ASSET_TYPES,
  NIGERIAN_LOCATIONS,
  TENANT_STATUSES,
  TRANSMISSION_TYPES,
  USER_STATUSES,
  VEHICLE_FUEL_TYPES,
  type Department,
  type Driver,
} from '@fleetfuel/contract';
import type { SelectOption } from '@/components/ui/FormFields';
import { statusLabel } from '@/components/ui/StatusBadge';
import { ASSET_TYPE_LABELS, FUEL_TYPE_LABELS, TRANSMISSION_LABELS, assetName } from './fleet-labels';

export const ASSET_TYPE_OPTIONS: SelectOption[] = ASSET_TYPES.map((value) => ({ value, label: ASSET_TYPE_LABELS[value] }));
export const FUEL_TYPE_OPTIONS: SelectOption[] = VEHICLE_FUEL_TYPES.map((value) => ({ value, label: FUEL_TYPE_LABELS[value] }));
export const ASSET_STATUS_OPTIONS: SelectOption[] = ASSET_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
export const GROUP_STATUS_OPTIONS: SelectOption[] = TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
export const DRIVER_STATUS_OPTIONS: SelectOption[] = USER_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
export const LOCATION_OPTIONS: SelectOption[] = NIGERIAN_LOCATIONS.map((value) => ({ value, label: value }));
export const TRANSMISSION_OPTIONS: SelectOption[] = TRANSMISSION_TYPES.map((value) => ({ value, label: TRANSMISSION_LABELS[value] }));

/**
 * Spec section 4: a vehicle has at most one driver, so a driver who already holds a vehicle (other
 * than `vehicleId`) cannot be chosen, nor can a disabled account; the label says why.
 */
export function driverOption(driver: Pick<Driver, 'id' | 'name' | 'status' | 'vehicle'>, vehicleId?: string): SelectOption {
  const holds = driver.vehicle !== null && driver.vehicle.id !== vehicleId;
  const inactive = driver.status !== 'ACTIVE';
  let label = driver.name;
  if (holds && driver.vehicle) label += ` (has ${assetName(driver.vehicle)})`;
  else if (inactive) label += ` (${statusLabel(driver.status)})`;
  return { value: driver.id, label, disabled: holds || inactive };
}

/** A group that is not ACTIVE may still take members; its label says its status. */
export function groupOption(group: Pick<Department, 'id' | 'name' | 'status'>): SelectOption {
  return {
    value: group.id,
    label: group.status === 'ACTIVE' ? group.name : `${group.name} (${statusLabel(group.status)})`,
  };
}

/** Clients that are not ACTIVE are read-only: nothing new is added to them. */
export function organizationOption(organization: { id: string; name: string; status: string }): SelectOption {
  const active = organization.status === 'ACTIVE';
  return {
    value: organization.id,
    label: active ? organization.name : `${organization.name} (${statusLabel(organization.status)})`,
    disabled: !active,
  };
}

/**
 * The rules a fuel request meets when it is raised and when it is approved, as pure functions of
 * what the caller read: each answers a refusal (with the numbers) or null, and reads no database.
 * The organization's fuel policies (issue "Fuel controls") belong beside these.
 */
import { calendarDay, type SoldFuelType } from '@fleetfuel/contract';
import { formatNumber } from '../../../platform/number-format.js';
import { litres, plateOf } from '../format.js';
import type { Refusal } from './refusal.js';

/** A vehicle as a request reads it (vehicles' `forRequest`). */
export interface RequestVehicle {
  plate_number: string | null;
  make: string;
  model: string;
  status: string;
  tank_size: string | null;
  last_odometer: string | null;
  allow_expired_insurance: boolean;
  insurance_end: string | null;
  department_id: string | null;
  department_name: string | null;
  department_status: string | null;
  require_note_for_flagged_approval: boolean;
}

/** A station as a request reads it. */
export interface RequestStation {
  name: string;
  status: string;
  available_fuels: readonly string[];
}

/** An odometer reading never goes below the vehicle's last one. */
export function odometerBack(
  vehicle: Pick<RequestVehicle, 'plate_number' | 'make' | 'model' | 'last_odometer'>,
  reading: number | null,
  field: string,
): Refusal | null {
  if (reading === null || vehicle.last_odometer === null || reading >= Number(vehicle.last_odometer)) return null;
  return {
    code: 'VALIDATION_FAILED',
    field,
    message: `The last reading of ${plateOf(vehicle)} is ${formatNumber(Number(vehicle.last_odometer))} km; the odometer cannot go back`,
  };
}

/** Why this vehicle may not ask for this fuel at this station on this day, or null. */
export function requestRefusal(input: {
  vehicle: RequestVehicle;
  station: RequestStation | undefined;
  fuelType: SoldFuelType;
  volume: number;
  odometer: number | null;
  supplyDate: string;
  today: string;
}): Refusal | null {
  const { vehicle, station, fuelType, volume } = input;
  const label = plateOf(vehicle);
  if (vehicle.status !== 'ACTIVE') return { message: `${label} is ${vehicle.status} and cannot receive fuel` };
  if (!station) return { code: 'VALIDATION_FAILED', field: 'stationId', message: 'This fuel station does not exist' };
  if (station.status !== 'ACTIVE') return { field: 'stationId', message: `${station.name} is not active and cannot be chosen` };
  if (!station.available_fuels.includes(fuelType))
    return { field: 'stationId', message: `${station.name} does not sell ${fuelType}, the fuel ${label} takes` };
  if (vehicle.tank_size !== null && volume > Number(vehicle.tank_size)) {
    return {
      code: 'VALIDATION_FAILED',
      field: 'volume',
      message: `The tank of ${label} holds ${litres(vehicle.tank_size, fuelType)}; request at most that`,
    };
  }
  return (
    odometerBack(vehicle, input.odometer, 'currentOdometer') ??
    (input.supplyDate < input.today
      ? { code: 'VALIDATION_FAILED', field: 'supplyDate', message: 'The supply date must be today or later' }
      : null)
  );
}

/** A request for a vehicle of a suspended or deleted group is not approved. */
export function groupInactive(vehicle: Pick<RequestVehicle, 'department_id' | 'department_name' | 'department_status'>): Refusal | null {
  if (!vehicle.department_id || vehicle.department_status === 'ACTIVE') return null;
  return {
    message: `The group ${vehicle.department_name ?? ''} is ${(vehicle.department_status ?? '').toLowerCase()}; requests for its vehicles cannot be approved`,
  };
}

/** Why a pending fuel request may not be approved now (before its group's cap and its price), or null. */
export function approvalRefusal(input: {
  vehicle: RequestVehicle;
  station: RequestStation | undefined;
  fuelType: SoldFuelType;
  supplyDate: string;
  flagged: boolean;
  note: string | null;
  flaggedNoteMessage: string;
}): Refusal | null {
  const { vehicle, station, fuelType } = input;
  // The flags were judged when the request was made; the approver who lets them pass says why.
  if (vehicle.require_note_for_flagged_approval && input.flagged && input.note === null)
    return { field: 'note', message: input.flaggedNoteMessage };
  const label = plateOf(vehicle);
  if (vehicle.status !== 'ACTIVE') return { message: `${label} is ${vehicle.status}; fuel cannot be approved for it` };
  if (!vehicle.allow_expired_insurance && (vehicle.insurance_end === null || vehicle.insurance_end < input.supplyDate)) {
    const expired = vehicle.insurance_end ? ` (it expired on ${calendarDay(vehicle.insurance_end)})` : '';
    return {
      message: `${label} has no valid insurance${expired}; your organization approves fuel only for insured vehicles (Settings).`,
    };
  }
  const group = groupInactive(vehicle);
  if (group) return group;
  if (!station || station.status !== 'ACTIVE' || !station.available_fuels.includes(fuelType)) {
    return { message: `${station?.name ?? 'The station'} no longer sells ${fuelType}; reject this request and ask for another station` };
  }
  return null;
}

/** A group's daily cap (0: none) against what is already approved for the day and this request. */
export function groupCapExceeded(input: {
  groupName: string | null;
  capLitres: number;
  committedLitres: number;
  requestedLitres: number;
  fuelType: SoldFuelType;
  supplyDate: string;
}): Refusal | null {
  const { capLitres, committedLitres, requestedLitres, fuelType } = input;
  if (capLitres <= 0 || committedLitres + requestedLitres <= capLitres) return null;
  return {
    message: `${input.groupName ?? 'The group'} may use ${litres(capLitres, fuelType)} a day; ${litres(committedLitres, fuelType)} is already approved for ${calendarDay(input.supplyDate)} and this request needs ${litres(requestedLitres, fuelType)}.`,
  };
}

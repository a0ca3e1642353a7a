/** The rules a maintenance request meets when it is raised and when its cost is set, as pure functions. */
import { formatNaira } from '@fleetfuel/contract';
import { plateOf } from '../format.js';
import { odometerBack, type RequestStation, type RequestVehicle } from './fuel-request-rules.js';
import type { Refusal } from './refusal.js';

/** Why this vehicle may not be booked for maintenance (at this station, if any) on this day, or null. */
export function maintenanceRequestRefusal(input: {
  vehicle: Pick<RequestVehicle, 'plate_number' | 'make' | 'model' | 'status' | 'last_odometer'>;
  /** Null: no station was chosen; undefined: the chosen one does not exist. */
  station: RequestStation | null | undefined;
  odometer: number | null;
  date: string;
  today: string;
}): Refusal | null {
  const { vehicle, station } = input;
  if (vehicle.status === 'INACTIVE') return { message: `${plateOf(vehicle)} is INACTIVE; set it ACTIVE before scheduling maintenance` };
  if (station === undefined) return { code: 'VALIDATION_FAILED', field: 'stationId', message: 'This fuel station does not exist' };
  if (station !== null && station.status !== 'ACTIVE')
    return { field: 'stationId', message: `${station.name} is not active and cannot be chosen` };
  return (
    odometerBack(vehicle, input.odometer, 'currentOdometerReading') ??
    (input.date < input.today ? { code: 'VALIDATION_FAILED', field: 'date', message: 'The maintenance date must be today or later' } : null)
  );
}

/** A job's final cost never exceeds the approved one: a higher cost needs a new request. */
export function finalCostAbove(finalKobo: bigint, approvedKobo: bigint, field: string): Refusal | null {
  if (finalKobo <= approvedKobo) return null;
  return {
    code: 'VALIDATION_FAILED',
    field,
    message: `The final cost cannot exceed the approved ${formatNaira(approvedKobo)}; a higher cost needs a new request`,
  };
}

/** Freezing (issue 44): a frozen vehicle or driver gets no fuel, at any step. */
import type { Refusal } from './refusal.js';

/**
 * Refuses fuel for a frozen vehicle or driver, naming which and why. A pure rule: the callers read
 * the reasons with the rows they lock anyway.
 */
export function frozenRefusal(fill: {
  vehicle: { plate: string; frozenReason: string | null };
  driver: { name: string; frozenReason: string | null } | null;
}): Refusal | null {
  const then = 'no fuel can be requested, approved or redeemed until an admin unfreezes';
  if (fill.vehicle.frozenReason !== null) {
    return { code: 'FROZEN', message: `${fill.vehicle.plate} is frozen (${fill.vehicle.frozenReason}); ${then} it` };
  }
  if (fill.driver && fill.driver.frozenReason !== null) {
    return { code: 'FROZEN', message: `Driver ${fill.driver.name} is frozen (${fill.driver.frozenReason}); ${then} the driver` };
  }
  return null;
}

/** The rule's input from a row that carries the vehicle's and its driver's freezes. */
export function frozenFill(
  plate: string,
  row: { vehicle_frozen_reason: string | null; driver_name: string | null; driver_frozen_reason: string | null },
) {
  return {
    vehicle: { plate, frozenReason: row.vehicle_frozen_reason },
    driver: row.driver_name === null ? null : { name: row.driver_name, frozenReason: row.driver_frozen_reason },
  };
}

/** What fuel and maintenance requests answer alike, from their rows' shared columns. */
import type { FuelRequest } from '@fleetfuel/contract';

interface RequestRowBase {
  vehicle_id: string;
  plate_number: string | null;
  make: string;
  model: string;
  vehicle_type: string;
  organization_id: string;
  organization_name: string;
  requested_by: string;
  requester_name: string;
  odometer: string | null;
  tank_level: FuelRequest['currentTankLevel'];
  note: string | null;
  created_at: Date;
  approved_by: string | null;
  approver_name: string | null;
  approved_at: Date | null;
  rejected_by: string | null;
  rejecter_name: string | null;
  rejected_at: Date | null;
  rejection_note: string | null;
  coupon_code: string | null;
}

/** A person a request names (its approver, rejecter, redeemer…), or null. */
export const personOf = (id: string | null, name: string | null) => (id && name ? { id, name } : null);

/** The fields of a request's reply that fuel and maintenance share: its vehicle, people, readings and decision. */
export function requestBase(row: RequestRowBase) {
  return {
    vehicle: {
      id: row.vehicle_id,
      plateNumber: row.plate_number,
      make: row.make,
      model: row.model,
      type: row.vehicle_type as FuelRequest['vehicle']['type'],
    },
    organization: { id: row.organization_id, name: row.organization_name },
    requestedBy: { id: row.requested_by, name: row.requester_name },
    currentOdometerReading: row.odometer === null ? null : Number(row.odometer),
    currentTankLevel: row.tank_level,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    approvedBy: personOf(row.approved_by, row.approver_name),
    approvedAt: row.approved_at?.toISOString() ?? null,
    rejectedBy: personOf(row.rejected_by, row.rejecter_name),
    rejectedAt: row.rejected_at?.toISOString() ?? null,
    rejectionNote: row.rejection_note,
    couponCode: row.coupon_code,
  };
}

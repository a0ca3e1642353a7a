/** A maintenance request as the API answers it, read in the caller's scope or as a change left it. */
import { koboToNaira, type MaintenanceRequest } from '@fleetfuel/contract';
import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import * as repository from '../maintenance.repository.js';
import type { MaintenanceRow } from '../maintenance.repository.js';
import { personOf, requestBase } from '../request-view.js';
import { scopeFor } from '../shared.js';

export function toMaintenance(row: MaintenanceRow): MaintenanceRequest {
  return {
    ...requestBase(row),
    id: row.id,
    date: row.service_date,
    description: row.description,
    cost: koboToNaira(row.cost_kobo),
    finalCost: row.final_cost_kobo === null ? null : koboToNaira(row.final_cost_kobo),
    fuelStation: row.station_id && row.station_name ? { id: row.station_id, name: row.station_name, address: row.station_address } : null,
    status: row.status as MaintenanceRequest['status'],
    completedBy: personOf(row.completed_by, row.completer_name),
    completedAt: row.completed_at?.toISOString() ?? null,
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
  };
}

/** The job in the actor's scope; another tenant's id answers 404. */
export async function viewMaintenance(db: Database, actor: Actor, id: string): Promise<MaintenanceRow> {
  const row = await repository.findMaintenance(db, id, await scopeFor(db, actor, {}));
  if (!row) throw notFound('Maintenance request');
  return row;
}

/** The job as it now stands, for the reply to the one who just changed it. */
export async function reloadMaintenance(db: Database, id: string): Promise<MaintenanceRequest> {
  const row = await repository.findMaintenance(db, id, { organizationId: null });
  if (!row) throw notFound('Maintenance request');
  return toMaintenance(row);
}

/**
 * The webhooks of fuel and maintenance requests: written in the transaction of the change, from the
 * row as the change left it, in the small public shape a receiver acts on (naira, like the API).
 */
import { koboToNaira, type WebhookEvent } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { webhookOutbox } from '../webhooks/index.js';
import type { FuelRequestRecord } from './fuel-requests.repository.js';
import type { MaintenanceRecord } from './maintenance.repository.js';

const naira = (kobo: string | null) => (kobo === null ? null : koboToNaira(kobo));
const decimal = (value: string | null) => (value === null ? null : Number(value));

/** The columns of a fuel request's and a maintenance job's rows that lead and end both payloads (a job's station may be none). */
type RequestRecord = Pick<
  MaintenanceRecord,
  'id' | 'organization_id' | 'status' | 'vehicle_id' | 'station_id' | 'amount_kobo' | 'created_at'
>;

/** Writes a request's event: its own `details` between the keys both kinds of request carry. */
async function enqueueRequestWebhook(
  trx: Database,
  event: WebhookEvent,
  recordKey: string,
  row: RequestRecord,
  details: Record<string, unknown>,
) {
  const { id } = row;
  await webhookOutbox.enqueue(trx, {
    organizationId: row.organization_id,
    event,
    recordKey,
    data: {
      request: {
        id,
        status: row.status,
        vehicleId: row.vehicle_id,
        stationId: row.station_id,
        ...details,
        amount: naira(row.amount_kobo),
        createdAt: row.created_at.toISOString(),
      },
    },
  });
}

/** The request's event, from its row as the change's write returned it (see FuelRequestRecord). */
export function enqueueFuelRequestWebhook(trx: Database, event: Extract<WebhookEvent, `fuel_request.${string}`>, row: FuelRequestRecord) {
  return enqueueRequestWebhook(trx, event, `fuel_request:${row.id}`, row, {
    fuelType: row.fuel_type,
    volume: Number(row.volume),
    supplyDate: row.supply_date,
    pricePerUnit: naira(row.price_kobo),
    couponCode: row.coupon_code,
    couponExpiresAt: row.coupon_expires_at?.toISOString() ?? null,
    dispensedVolume: decimal(row.dispensed_volume),
  });
}

/** The request's event, from its row as the change's write returned it (see MaintenanceRecord). */
export function enqueueMaintenanceWebhook(trx: Database, event: Extract<WebhookEvent, `maintenance.${string}`>, row: MaintenanceRecord) {
  return enqueueRequestWebhook(trx, event, `maintenance:${row.id}`, row, {
    description: row.description,
    date: row.service_date,
    cost: koboToNaira(row.cost_kobo),
    finalCost: naira(row.final_cost_kobo),
  });
}

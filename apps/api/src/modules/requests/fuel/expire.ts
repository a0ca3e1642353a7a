/** Expiring approved coupons: their reserve litres and held money go back. */
import { koboToNaira } from '@fleetfuel/contract';
import type { Database } from '../../../platform/db/database.js';
import { auditTrail, type AuditActor } from '../../audit/index.js';
import type { LedgerService } from '../../ledger/index.js';
import { closeOpenOverrides } from '../../overrides/index.js';
import { reserveDraws } from '../../reserves/index.js';
import * as repository from '../fuel-requests.repository.js';
import { holdReference } from './deps.js';

/**
 * Expires approved requests, inside the caller's transaction, on locked rows. `actor` is the station
 * rep whose redemption found a coupon expired; the expiry job (a batch) has none. As in every
 * transaction (docs/decisions/006), the requests' own rows and rollups change first and the wallets
 * last, here in the wallets' id order, so that a batch of many organizations' coupons never holds a
 * wallet while it waits for a row a redemption holds.
 */
export async function expireFuelRequests(
  ledger: LedgerService,
  trx: Database,
  requests: ReadonlyArray<{ id: string; organization_id: string; station_id: string }>,
  actor: AuditActor | null,
): Promise<void> {
  for (const request of requests) {
    await reserveDraws.release(trx, request.id);
    await repository.markExpired(trx, request.id);
  }
  await closeOpenOverrides(
    trx,
    requests.map((request) => request.id),
  );
  const walletOf = new Map<string, string>();
  for (const request of requests) walletOf.set(request.id, await ledger.walletId(trx, { organizationId: request.organization_id }));
  const walletKey = (request: { id: string }) => walletOf.get(request.id) ?? '';
  const inWalletOrder = [...requests].sort((a, b) => (walletKey(a) < walletKey(b) ? -1 : walletKey(a) > walletKey(b) ? 1 : 0));
  const releasedKobo = new Map<string, bigint>();
  for (const request of inWalletOrder) releasedKobo.set(request.id, await ledger.releaseHold(trx, holdReference(request.id)));
  for (const request of requests) {
    await auditTrail.record(trx, {
      actor,
      action: 'fuel_request.expired',
      entityId: request.id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { status: 'APPROVED', heldAmount: koboToNaira(releasedKobo.get(request.id) ?? 0n) },
      after: { status: 'EXPIRED', heldAmount: 0 },
      note: 'The coupon expired; its held money went back to the wallet',
    });
  }
}

/** Approved coupons past their expiry become EXPIRED and release their money; returns how many. */
export function expireDueFuelCoupons(deps: { db: Database; ledger: LedgerService; now: Date }, limit: number): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const due = await repository.lockExpiredCoupons(trx, deps.now, limit);
    await expireFuelRequests(deps.ledger, trx, due, null);
    return due.length;
  });
}

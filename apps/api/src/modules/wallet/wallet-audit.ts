/**
 * The audit entry of a wallet's money movement: its balance before and after, read back inside the
 * movement's transaction. The ledger has just updated (and so locked) the wallet's row, so the
 * balance read here is exactly the one this movement produced.
 */
import { koboToNaira, type AuditAction } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';

export async function recordWalletMovement(
  trx: Database,
  ledger: LedgerService,
  movement: {
    actor: AuditActor | null;
    action: Extract<AuditAction, `wallet.${string}`>;
    walletId: string;
    /** Kobo; positive for money in. */
    amountKobo: bigint;
    note: string | null;
  },
): Promise<void> {
  const account = await ledger.findAccount(trx, movement.walletId);
  if (!account) throw new Error(`Wallet ${movement.walletId} vanished during its own movement`);
  const after = BigInt(account.balance_kobo);
  await auditTrail.record(trx, {
    actor: movement.actor,
    action: movement.action,
    entityId: movement.walletId,
    organizationId: account.organization_id,
    stationId: account.fuel_station_id,
    before: { balance: koboToNaira(after - movement.amountKobo) },
    after: { balance: koboToNaira(after) },
    note: movement.note,
  });
}

/**
 * The audit entry of a wallet's money movement: its balance before and after, read back inside the
 * movement's transaction. The ledger has just updated (and so locked) the wallet's row, so the
 * balance read here is exactly the one this movement produced. An organization's wallet also tells
 * its webhooks: `wallet.funded` when money came in, `wallet.low_balance` when a debit crossed its threshold.
 */
import { koboToNaira, type AuditAction } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { webhookOutbox } from '../webhooks/index.js';

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
  if (movement.amountKobo < 0n) {
    await webhookOutbox.availableDropped(trx, { walletId: movement.walletId, byKobo: -movement.amountKobo });
  } else if (movement.action === 'wallet.funded' || movement.action === 'wallet.adjusted') {
    await webhookOutbox.walletFunded(trx, {
      walletId: movement.walletId,
      amountKobo: movement.amountKobo,
      source: movement.action === 'wallet.funded' ? 'card' : 'adjustment',
    });
  }
}

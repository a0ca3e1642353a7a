/** What fuel and maintenance requests do alike: scope, holds, and paying the station. */
import { formatNaira } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/actor.js';
import { InsufficientFundsError, type LedgerService, type PostingSpec } from '../ledger/index.js';
import { webhookOutbox } from '../webhooks/index.js';
import { findDrivenVehicleId } from './request-lists.repository.js';
import { requestScope } from './scope.js';

/** The caller's request scope; a driver's includes the vehicle it drives. */
export async function scopeFor(db: Database, actor: Actor, requested: { organizationId?: string | undefined }) {
  const driverVehicle = actor.role === 'DRIVER' ? await findDrivenVehicleId(db, actor.userId) : null;
  return requestScope(actor, requested, driverVehicle);
}

/** Holds money for an approval; when it does not fit, says what is needed and available. */
export async function holdForApproval(
  ledger: LedgerService,
  trx: Database,
  hold: { organizationId: string; amount: bigint; reason: string; reference: string; what: 'request' | 'job' },
): Promise<void> {
  const walletId = await ledger.walletId(trx, { organizationId: hold.organizationId });
  try {
    await ledger.placeHold(trx, { accountId: walletId, amount: hold.amount, reason: hold.reason, reference: hold.reference });
    await webhookOutbox.availableDropped(trx, { walletId, byKobo: hold.amount });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new InsufficientFundsError(
        error.neededKobo,
        error.availableKobo,
        `Approving this ${hold.what} needs ${formatNaira(error.neededKobo)} on the wallet and ${formatNaira(error.availableKobo)} is available. Fund the wallet first.`,
      );
    }
    throw error;
  }
}

/** The postings of a redemption: the organization pays, the station gets it less the platform fee. */
export async function stationPayment(
  ledger: LedgerService,
  trx: Database,
  payment: { organizationId: string; stationId: string; amount: bigint; fee: bigint; note: string; feeNote: string },
): Promise<PostingSpec[]> {
  const organizationWallet = await ledger.walletId(trx, { organizationId: payment.organizationId });
  const stationWallet = await ledger.walletId(trx, { stationId: payment.stationId });
  const revenue = await ledger.platformAccount(trx, 'PLATFORM_REVENUE');
  return [
    { accountId: organizationWallet, amount: -payment.amount, type: 'PAYMENT', note: payment.note },
    { accountId: stationWallet, amount: payment.amount - payment.fee, type: 'PAYMENT', note: payment.note, fee: payment.fee },
    ...(payment.fee > 0n ? [{ accountId: revenue, amount: payment.fee, type: 'FEE' as const, note: payment.feeNote }] : []),
  ];
}

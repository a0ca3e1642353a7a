/**
 * The webhook outbox's writing side. Modules call it inside the transaction of the change they tell
 * about: one delivery row per live endpoint of the organization subscribed to the event, so a
 * rolled-back change sends nothing and a committed one is sent (at least once) by the dispatcher.
 */
import { randomUUID } from 'node:crypto';
import { koboToNaira, type WebhookEvent } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import * as repository from './webhooks.repository.js';

interface WebhookEventRecord {
  organizationId: string;
  event: WebhookEvent;
  /** The record the event is about, e.g. `fuel_request:<id>`: its deliveries arrive in order. */
  recordKey: string;
  /** The record's public shape, small: what a receiver needs to act without calling back. */
  data: Record<string, unknown>;
}

/** The wallet's figures as a receiver reads them: naira, like the API. */
function walletData(wallet: { id: string; balance_kobo: string; held_kobo: string }) {
  const balance = BigInt(wallet.balance_kobo);
  const held = BigInt(wallet.held_kobo);
  return { id: wallet.id, balance: koboToNaira(balance), held: koboToNaira(held), available: koboToNaira(balance - held) };
}

function enqueue(trx: Database, record: WebhookEventRecord): Promise<number> {
  return repository.insertDeliveriesForSubscribers(trx, {
    organizationId: record.organizationId,
    // One event id for every endpoint: a receiver listening twice can tell it is the same event.
    eventId: randomUUID(),
    event: record.event,
    recordKey: record.recordKey,
    payload: JSON.stringify(record.data),
  });
}

export const webhookOutbox = {
  /** Writes the event's deliveries in the caller's transaction; returns how many endpoints get it. */
  enqueue,

  /**
   * After money came into a wallet (a card payment or the platform admin's credit): `wallet.funded`
   * when the wallet is an organization's. Read after the ledger's update, which holds the row lock.
   */
  async walletFunded(trx: Database, funding: { walletId: string; amountKobo: bigint; source: 'card' | 'adjustment' }): Promise<void> {
    const wallet = await repository.organizationWalletState(trx, funding.walletId);
    if (!wallet) return;
    await enqueue(trx, {
      organizationId: wallet.organization_id as string,
      event: 'wallet.funded',
      recordKey: `wallet:${wallet.id}`,
      data: { wallet: walletData(wallet), amount: koboToNaira(funding.amountKobo), source: funding.source },
    });
  },

  /**
   * After a debit or a hold took `byKobo` from a wallet's available money: `wallet.low_balance` when
   * that took an organization's available balance from at or above its threshold to below it, so
   * each crossing is told once (the ledger's update of the row has locked it: no other movement can
   * interleave between the before and the after).
   */
  async availableDropped(trx: Database, drop: { walletId: string; byKobo: bigint }): Promise<void> {
    const wallet = await repository.organizationWalletState(trx, drop.walletId);
    if (!wallet) return;
    const threshold = BigInt(wallet.low_balance_threshold_kobo);
    const after = BigInt(wallet.balance_kobo) - BigInt(wallet.held_kobo);
    const before = after + drop.byKobo;
    if (!(before >= threshold && after < threshold)) return;
    await enqueue(trx, {
      organizationId: wallet.organization_id as string,
      event: 'wallet.low_balance',
      recordKey: `wallet:${wallet.id}`,
      data: { wallet: walletData(wallet), threshold: koboToNaira(threshold) },
    });
  },
};

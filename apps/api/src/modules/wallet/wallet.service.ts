/**
 * Wallets of organizations and stations: reading them, funding by card, the platform admin's
 * adjustments, station bank details and payouts, and the provider's webhooks. Money only moves
 * through the ledger; this service decides when, and keeps the provider-facing records.
 */
import { randomUUID } from 'node:crypto';
import { nairaToKobo, type RouteBody, type RouteQuery, type exportRoutes, type walletRoutes } from '@fleetfuel/contract';
import { inBatches, mapBatches } from '../../platform/db/keyset.js';
import { invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { formatNaira } from '@fleetfuel/contract';
import { createCardPaymentsService } from './card-payments.service.js';
import { createPayoutsService } from './payouts.service.js';
import { createStatementService } from './statement.service.js';
import { createWalletAccess, toTransaction, toWallet, walletOwnerOf, type WalletDeps } from './wallet-access.js';
import { findPostingOfEntry, listTransactions, transactionBatch, type TransactionCursor } from './transactions.repository.js';
import * as repository from './wallet.repository.js';
import { recordWalletMovement } from './wallet-audit.js';
import { createWebhooksService } from './webhooks.service.js';

export type { WalletDeps } from './wallet-access.js';

/** The wallet's read side and the platform admin's adjustments, composed with card payments, payouts and webhooks. */
export function createWalletService(deps: WalletDeps) {
  const { db, ledger } = deps;
  const access = createWalletAccess(deps);
  const { view, visible } = access;
  const cardPayments = createCardPaymentsService(deps, access);
  const payouts = createPayoutsService(deps, access);
  const webhooks = createWebhooksService(deps, { cardPayments, payouts });
  const statements = createStatementService(deps);

  return {
    ...cardPayments,
    ...payouts,
    ...webhooks,
    ...statements,

    async get(actor: Actor, query: { organizationId?: string; stationId?: string }) {
      const owner = walletOwnerOf(actor, query, () => invalidField('organizationId', 'Name the organizationId or stationId of the wallet'));
      const wallet = await repository.findWalletIdOf(db, owner);
      if (!wallet) throw notFound('Wallet');
      return { wallet: toWallet(await view(wallet.id)) };
    },

    async transactions(actor: Actor, walletId: string, filters: RouteQuery<typeof walletRoutes.transactions>) {
      await visible(actor, walletId);
      const { rows, total } = await listTransactions(db, walletId, filters);
      return { transactions: rows.map(toTransaction), total };
    },

    /** Every transaction the list would show with these filters, in its order, `batchSize` at a time (exports). */
    async exportTransactionBatches(
      actor: Actor,
      walletId: string,
      filters: Omit<RouteQuery<typeof exportRoutes.transactions>, 'walletId'>,
      batchSize: number,
    ) {
      await visible(actor, walletId);
      return mapBatches(
        inBatches((after: TransactionCursor | null, size: number) => transactionBatch(db, walletId, filters, after, size), batchSize),
        toTransaction,
      );
    },

    async createTransaction(
      actor: Actor,
      walletId: string,
      body: RouteBody<typeof walletRoutes.createTransaction>,
      requestKey: string | null,
    ) {
      const wallet = await visible(actor, walletId);
      const amount = nairaToKobo(body.amount);
      const signed = body.type === 'CREDIT' ? amount : -amount;
      const entryId = await db.transaction().execute(async (trx) => {
        const adjustments = await ledger.platformAccount(trx, 'ADJUSTMENTS');
        const result = await ledger.post(trx, {
          idempotencyKey: `adjustment:${actor.userId}:${requestKey ?? randomUUID()}`,
          kind: body.type,
          description: `Balance ${body.type === 'CREDIT' ? 'credited' : 'debited'} by the platform admin`,
          createdBy: actor.userId,
          postings: [
            { accountId: wallet.id, amount: signed, type: body.type, note: body.note },
            { accountId: adjustments, amount: -signed, type: body.type, note: body.note },
          ],
        });
        if (!result.duplicate)
          await recordWalletMovement(trx, ledger, {
            actor,
            action: 'wallet.adjusted',
            walletId: wallet.id,
            amountKobo: signed,
            note: body.note ?? null,
          });
        return result.entryId;
      });
      const posting = await findPostingOfEntry(db, entryId, wallet.id);
      return {
        message: `${formatNaira(amount)} ${body.type === 'CREDIT' ? 'credited to' : 'debited from'} the wallet`,
        transaction: toTransaction(posting),
        wallet: toWallet(await view(wallet.id)),
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

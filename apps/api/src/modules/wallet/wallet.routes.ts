import { paymentRoutes, statementRoutes, walletRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import { replyWithStatement } from '../../platform/http/statement-reply.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { SandboxCheckout } from './sandbox-page.js';
import type { WalletService } from './wallet.service.js';

export function bindWalletRoutes(binder: RouteBinder, wallet: WalletService): void {
  binder.bind(walletRoutes.get, ({ actor, query }) => wallet.get(actor, query));
  binder.bind(walletRoutes.transactions, async ({ actor, params, query }) =>
    withPageMeta(query, await wallet.transactions(actor, params.walletId, query)),
  );
  binder.bind(statementRoutes.get, async ({ actor, query, reply }) => replyWithStatement(reply, await wallet.statement(actor, query)));
  binder.bind(walletRoutes.fund, ({ actor, body, request }) => wallet.fund(actor, body, request.headers.origin));
  binder.bind(walletRoutes.makePurchase, ({ actor, body, request }) => wallet.makePurchase(actor, body, request.headers.origin));
  binder.bind(walletRoutes.banks, () => wallet.banks());
  binder.bind(walletRoutes.verifyBank, ({ query }) => wallet.verifyBank(query.accountNumber, query.bankCode));
  binder.bind(walletRoutes.updateBanking, ({ actor, params, body }) => wallet.updateBanking(actor, params.id, body));
  binder.bind(walletRoutes.createTransaction, ({ actor, params, body, idempotencyKey }) =>
    wallet.createTransaction(actor, params.id, body, idempotencyKey),
  );
  binder.bind(walletRoutes.settlePayment, ({ actor, params, body, idempotencyKey }) =>
    wallet.settlePayment(actor, params.id, body, idempotencyKey),
  );
  binder.bind(paymentRoutes.webhook, ({ request }) =>
    wallet.handleWebhook(request.body as Buffer, request.headers['x-paystack-signature']),
  );
}

/**
 * The sandbox card page exists only while the sandbox is the provider (app.ts binds it then): with
 * a real provider its routes are not registered at all, so nobody can complete a checkout without paying.
 */
export function bindSandboxCheckoutRoutes(binder: RouteBinder, checkout: SandboxCheckout): void {
  binder.bind(paymentRoutes.sandboxCheckout, async ({ params, reply }) =>
    reply.type('text/html; charset=utf-8').send(await checkout.page(params.reference)),
  );
  binder.bind(paymentRoutes.sandboxComplete, async ({ params, body, reply }) =>
    reply.redirect(await checkout.complete(params.reference, body.outcome), 303),
  );
}

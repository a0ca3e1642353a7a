import { paymentRoutes, walletRoutes } from '@fleetfuel/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../platform/errors.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { SandboxProvider } from '../../platform/payments/sandbox.js';
import { sandboxCheckoutPage } from './sandbox-page.js';
import type { WalletService } from './wallet.service.js';

const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && header.trim() ? header.trim() : null;
};

export function bindWalletRoutes(binder: RouteBinder, wallet: WalletService, sandbox: SandboxProvider | null): void {
  binder.bind(walletRoutes.get, ({ actor, query }) => wallet.get(actor, query));
  binder.bind(walletRoutes.transactions, async ({ actor, params, query }) => {
    const { transactions, total } = await wallet.transactions(actor, params.walletId, query);
    return { transactions, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(walletRoutes.fund, ({ actor, body }) => wallet.fund(actor, body));
  binder.bind(walletRoutes.makePurchase, ({ actor, body }) => wallet.makePurchase(actor, body));
  binder.bind(walletRoutes.banks, () => wallet.banks());
  binder.bind(walletRoutes.verifyBank, ({ query }) => wallet.verifyBank(query.accountNumber, query.bankCode));
  binder.bind(walletRoutes.updateBanking, ({ actor, params, body }) => wallet.updateBanking(actor, params.id, body));
  binder.bind(walletRoutes.createTransaction, ({ actor, params, body, request }) =>
    wallet.createTransaction(actor, params.id, body, idempotencyKeyOf(request)),
  );
  binder.bind(walletRoutes.settlePayment, ({ actor, params, body, request }) =>
    wallet.settlePayment(actor, params.id, body, idempotencyKeyOf(request)),
  );

  binder.bind(paymentRoutes.webhook, ({ request }) => {
    const signature = request.headers['x-paystack-signature'];
    return wallet.handleWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
  });

  // The sandbox card page exists only while the sandbox is the provider: with a real provider its
  // routes are not registered at all, so nobody can complete a checkout without paying.
  if (!sandbox) return;
  binder.bind(paymentRoutes.sandboxCheckout, async ({ params, reply }) => {
    const charge = await sandbox.findCharge(params.reference);
    if (!charge) throw notFound('Payment');
    return reply.type('text/html; charset=utf-8').send(sandboxCheckoutPage({ reference: params.reference, ...charge }));
  });
  binder.bind(paymentRoutes.sandboxComplete, async ({ params, body, reply }) => {
    const destination = await sandbox.completeCheckout(params.reference, body.outcome);
    if (!destination) throw new AppError('CONFLICT', 'This payment was already completed');
    return reply.redirect(destination, 303);
  });
}

/**
 * A local HTTP server that answers like Paystack's REST API for the calls FleetFuel makes, so the
 * real adapter is tested over real HTTP. It checks the bearer key, keeps charges and transfers by
 * reference (a repeated transfer reference returns the first transfer, as Paystack does), and can
 * be told to stall a call to exercise timeouts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../src/platform/clock.js';
import type { Config } from '../src/platform/config.js';
import { createPaystackProvider } from '../src/platform/payments/paystack.js';
import type { PaymentProvider } from '../src/platform/payments/provider.js';

export interface FakePaystack {
  baseUrl: string;
  secretKey: string;
  charges: Map<string, { amount: number; email: string; status: 'pending' | 'success' | 'failed' | 'abandoned'; currency: string }>;
  transfers: Map<string, { amount: number; recipient: string; status: string; calls: number }>;
  /** Calls (by exact "METHOD /path") to answer only after this many milliseconds, once each. */
  stallOnce: Map<string, number>;
  /** Fields a verify of this reference answers wrongly (another reference, amount or currency), until deleted. */
  misreport: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

async function startFakePaystack(secretKey = 'sk_test_fleetfuel'): Promise<FakePaystack> {
  const charges: FakePaystack['charges'] = new Map();
  const transfers: FakePaystack['transfers'] = new Map();
  const stallOnce = new Map<string, number>();
  const misreport: FakePaystack['misreport'] = new Map();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const route = `${req.method} ${url.pathname}`;
      const ms = stallOnce.get(route);
      if (ms !== undefined) {
        stallOnce.delete(route);
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { status: false, message: 'Invalid key' });
      const body = req.method === 'POST' ? await readBody(req) : {};

      if (route === 'POST /transaction/initialize') {
        const reference = String(body.reference);
        charges.set(reference, {
          amount: Number(body.amount),
          email: String(body.email),
          status: 'pending',
          currency: typeof body.currency === 'string' ? body.currency : 'NGN',
        });
        return send(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: 'ac', reference },
        });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/transaction/verify/')) {
        const reference = decodeURIComponent(url.pathname.slice('/transaction/verify/'.length));
        const charge = charges.get(reference);
        if (!charge) return send(res, 400, { status: false, message: 'Transaction reference not found' });
        return send(res, 200, {
          status: true,
          message: 'Verification successful',
          data: { status: charge.status, amount: charge.amount, currency: charge.currency, reference, ...misreport.get(reference) },
        });
      }
      if (route === 'GET /bank') {
        return send(res, 200, {
          status: true,
          message: 'Banks retrieved',
          data: [
            { name: 'Guaranty Trust Bank', code: '058', active: true },
            { name: 'Zenith Bank', code: '057', active: true },
            { name: 'Old Bank', code: '999', active: false },
          ],
        });
      }
      if (route === 'GET /bank/resolve') {
        const number = url.searchParams.get('account_number');
        if (number === '0690000031')
          return send(res, 200, {
            status: true,
            message: 'Account number resolved',
            data: { account_number: number, account_name: 'UNITY FUELS IKEJA LTD' },
          });
        return send(res, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
      }
      if (route === 'POST /transferrecipient') {
        return send(res, 201, {
          status: true,
          message: 'Transfer recipient created successfully',
          data: { recipient_code: `RCP_${String(body.account_number)}` },
        });
      }
      if (route === 'POST /transfer') {
        const reference = String(body.reference);
        const existing = transfers.get(reference);
        if (existing) {
          existing.calls += 1;
          return send(res, 200, {
            status: true,
            message: 'Transfer has been queued',
            data: { status: existing.status, transfer_code: `TRF_${reference}`, reference },
          });
        }
        transfers.set(reference, { amount: Number(body.amount), recipient: String(body.recipient), status: 'success', calls: 1 });
        return send(res, 200, {
          status: true,
          message: 'Transfer has been queued',
          data: { status: 'success', transfer_code: `TRF_${reference}`, reference },
        });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/transfer/verify/')) {
        const reference = decodeURIComponent(url.pathname.slice('/transfer/verify/'.length));
        const transfer = transfers.get(reference);
        if (!transfer) return send(res, 404, { status: false, message: 'Transfer not found' });
        return send(res, 200, {
          status: true,
          message: 'Transfer retrieved',
          data: {
            status: transfer.status,
            transfer_code: `TRF_${reference}`,
            reference,
            amount: transfer.amount,
            currency: 'NGN',
            ...misreport.get(reference),
          },
        });
      }
      return send(res, 404, { status: false, message: `No route ${route}` });
      // A client that gave up on a stalled call has closed the connection: nothing to answer.
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    charges,
    transfers,
    stallOnce,
    misreport,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A fake Paystack for the whole test file: started in a `beforeAll` and closed in an `afterAll`,
 * both registered here, so call it before `useTestApp` (the app then closes first). `server` is the
 * running fake; `app(timeoutMs)` the `config` and `deps` of `useTestApp` for an app that pays
 * through it with the real adapter (no platform fee, two transfer retries), and `other` deps (a clock).
 */
export function useFakePaystack(): {
  readonly server: FakePaystack;
  app(
    timeoutMs: number,
    other?: { clock?: Clock },
  ): { config: () => Pick<Config, 'payments'>; deps: () => { paymentProvider: PaymentProvider; clock?: Clock } };
} {
  let server: FakePaystack | undefined;
  const running = (): FakePaystack => {
    if (!server) throw new Error('useFakePaystack: the fake was read before its beforeAll started it');
    return server;
  };
  beforeAll(async () => {
    server = await startFakePaystack();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      return running();
    },
    app: (timeoutMs, other = {}) => ({
      config: () => ({
        payments: {
          provider: 'paystack',
          paystackSecretKey: running().secretKey,
          paystackBaseUrl: running().baseUrl,
          platformFeeBps: 0,
          transferRetries: 2,
        },
      }),
      deps: () => ({
        ...other,
        paymentProvider: createPaystackProvider({ secretKey: running().secretKey, baseUrl: running().baseUrl, timeoutMs }),
      }),
    }),
  };
}

/**
 * The SMTP mailer against a local server that speaks just enough SMTP, and against one that accepts
 * the connection and never greets: a send must end (here within the test's short limits) rather
 * than hold the outbox's lease (notifications.dispatcher.ts).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpServer, type SmtpMessage } from '../../../test/smtp-server.js';
import { createSmtpMailer, type Mailer } from './mailer.js';

const servers: Server[] = [];
const mailers: Mailer[] = [];
afterEach(async () => {
  // The mailers first: a server closes only once the connections a mailer keeps are gone.
  for (const mailer of mailers.splice(0)) await mailer.close?.();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An SMTP mailer closed after the test. */
function smtpMailer(...args: Parameters<typeof createSmtpMailer>): Mailer {
  const mailer = createSmtpMailer(...args);
  mailers.push(mailer);
  return mailer;
}

async function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** An SMTP server (test/smtp-server.ts) recording each message, and the connections made to it. */
async function smtpServer() {
  const received: SmtpMessage[] = [];
  const connections = { opened: 0, ended: 0 };
  const server = createSmtpServer((message) => received.push(message));
  server.on('connection', (socket: Socket) => {
    connections.opened += 1;
    socket.on('close', () => (connections.ended += 1));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, connections };
}

describe('the SMTP mailer', () => {
  it('sends a message with its sender, recipient, subject and text', async () => {
    const server = await smtpServer();
    const mailer = smtpMailer(`smtp://127.0.0.1:${server.port}`, 'FleetFuel <no-reply@fleetfuel.test>');
    await mailer.send({ to: 'orgadmin@acme.test', subject: 'Fuel approved for LND-451-KJ', text: 'Your request was approved.' });
    expect(server.received).toHaveLength(1);
    const [message] = server.received;
    expect(message?.from).toContain('no-reply@fleetfuel.test');
    expect(message?.to).toEqual([expect.stringContaining('orgadmin@acme.test')]);
    expect(message?.data).toContain('Subject: Fuel approved for LND-451-KJ');
    expect(message?.data).toContain('Your request was approved.');
  });

  it('sends one message after another over the connection it keeps, and closes it when closed', async () => {
    const server = await smtpServer();
    const mailer = smtpMailer(`smtp://127.0.0.1:${server.port}`, 'no-reply@fleetfuel.test');
    for (const plate of ['LND-451-KJ', 'APP-220-XA', 'KAN-903-BT']) {
      await mailer.send({ to: 'orgadmin@acme.test', subject: `Coupon redeemed: ${plate}`, text: 'Paid from the wallet.' });
    }
    expect(server.received.map((message) => message.data.match(/^Subject: (.*)$/m)?.[1])).toEqual([
      'Coupon redeemed: LND-451-KJ',
      'Coupon redeemed: APP-220-XA',
      'Coupon redeemed: KAN-903-BT',
    ]);
    expect(server.connections).toEqual({ opened: 1, ended: 0 });
    await mailer.close?.();
    await expect.poll(() => server.connections.ended).toBe(1);
  });

  it('gives up on a server that never greets instead of waiting for it', async () => {
    const port = await listen(() => {
      // Accepts the connection and says nothing.
    });
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@fleetfuel.test', {
      connectionTimeout: 300,
      greetingTimeout: 300,
      // Longer than the greeting's limit, so that the greeting's is the one that ends the wait (equal
      // limits race: a busy machine once ended it by the socket's, "Timeout").
      socketTimeout: 5_000,
    });
    // With nodemailer's own limits (30 s for the greeting) this would outlast the test's 5 s.
    await expect(mailer.send({ to: 'orgadmin@acme.test', subject: 'Hello', text: 'Hello' })).rejects.toThrow(/greeting/i);
  });
});

/**
 * Outgoing e-mail behind one interface: SMTP when configured, otherwise an outbox folder the
 * operator can read (one JSON file a message), which is also what the tests read.
 */
import nodemailer from 'nodemailer';
import { writeOutboxMessage } from '../files/outbox-folder.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Ends what the mailer holds open (the SMTP connections), when the app closes. */
  close?(): Promise<void>;
}

/** Text made safe to put in a message's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function createOutboxMailer(outboxDir: string): Mailer {
  return {
    send: (message) => writeOutboxMessage(outboxDir, message),
  };
}

/**
 * The SMTP client's limits. nodemailer waits up to 2 min for a connection and 10 min on a silent
 * socket by default; the outbox leases a message for 2 min while it is sent
 * (notifications.dispatcher.ts), so a send must end, sent or failed, well inside that.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Connections kept open to the SMTP server and shared by the sends. Without a pool nodemailer opens
 * a connection (and its TLS and greeting) for every message: measured against a local server, that
 * cost 0.5–0.9 ms of CPU a message against 0.3–0.4 pooled (bench/RESULTS.md, run of 2026-11-28
 * 09:59), and mail services throttle senders that open a connection a message. The outbox sends up
 * to 20 at once; five connections carry them.
 */
const SMTP_POOL = { pool: true, maxConnections: 5 } as const;

export function createSmtpMailer(smtpUrl: string, from: string, timeouts: typeof SMTP_TIMEOUTS = SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_POOL, ...timeouts });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

export function createMailer(config: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(config.outboxDir);
}

/**
 * Sends the outbox's due deliveries. Any number of instances may run it at once: each claims
 * different rows (`FOR UPDATE SKIP LOCKED`) and leases them by moving their next attempt forward,
 * then calls out with no transaction open, then records the outcome. A receiver that does not
 * answer 2xx is tried again with exponential backoff, up to `MAX_ATTEMPTS`; a crash between the
 * call and the record only means the lease runs out and the delivery is sent again (at least once).
 */
import type { Logger } from '../../platform/logging.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { retryDelayMs } from '../../platform/jobs/backoff.js';
import { sealingKey, unseal } from '../../platform/sealing.js';
import { webhookSignature } from './webhook-signature.js';
import { postWebhook } from './webhook-transport.js';
import * as repository from './webhooks.repository.js';
import type { ClaimedDelivery } from './webhooks.repository.js';

const WEBHOOK_MAX_ATTEMPTS = 10;
/** 30 s, 1 min, 2 min… at most 6 h between tries. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;
const TIMEOUT_MS = 10_000;
/** Longer than a call may take, so a delivery is never sent twice at once. */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Claims per run: a delivery settled in one round lets the next of its record go in the next. */
const MAX_ROUNDS = 10;

export interface WebhookDispatcherDeps {
  db: Database;
  clock: Clock;
  appSecret: string;
  /** Production: refuse loopback, private and link-local addresses. */
  publicOnly: boolean;
  log: Logger;
}

export interface DispatchOutcome {
  delivered: number;
  retrying: number;
  failed: number;
}

export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { db, clock } = deps;
  const secretKey = sealingKey(deps.appSecret, 'webhook-secret');

  async function send(delivery: ClaimedDelivery): Promise<keyof DispatchOutcome> {
    const body = JSON.stringify({
      id: delivery.event_id,
      event: delivery.event,
      createdAt: delivery.created_at.toISOString(),
      organizationId: delivery.organization_id,
      data: delivery.payload,
    });
    const attemptedAt = clock.now();
    const started = Date.now();
    const secret = unseal(secretKey, delivery.secret_sealed)?.toString('utf8');
    const response = secret
      ? await postWebhook({
          url: delivery.url,
          body,
          timeoutMs: TIMEOUT_MS,
          publicOnly: deps.publicOnly,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'FleetFuel-Webhooks/1',
            'x-fleetfuel-event': delivery.event,
            'x-fleetfuel-delivery': delivery.id,
            'x-fleetfuel-signature': webhookSignature(secret, Math.floor(attemptedAt.getTime() / 1000), body),
          },
        })
      : { statusCode: null, error: "The endpoint's secret cannot be read (APP_SECRET changed); add the endpoint again" };
    const attempts = delivery.attempts + 1;
    const ok = response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
    const outcome: keyof DispatchOutcome = ok ? 'delivered' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retrying';
    const error = response.error ?? (ok ? null : `The receiver answered ${response.statusCode}`);
    await db.transaction().execute((trx) =>
      repository.recordAttempt(
        trx,
        { deliveryId: delivery.id, attemptedAt, statusCode: response.statusCode, error, durationMs: Date.now() - started },
        {
          status: outcome === 'delivered' ? 'DELIVERED' : outcome === 'failed' ? 'FAILED' : 'PENDING',
          attempts,
          nextAttemptAt:
            outcome === 'retrying' ? new Date(attemptedAt.getTime() + retryDelayMs(attempts, FIRST_RETRY_MS, LONGEST_RETRY_MS)) : null,
          deliveredAt: ok ? attemptedAt : null,
        },
      ),
    );
    if (outcome === 'failed') deps.log.warn({ deliveryId: delivery.id, url: delivery.url, error }, 'webhook delivery failed for good');
    return outcome;
  }

  return {
    /** Sends what is due now; returns what became of each delivery tried. */
    async run(): Promise<DispatchOutcome> {
      const outcome: DispatchOutcome = { delivered: 0, retrying: 0, failed: 0 };
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const now = clock.now();
        const claimed = await repository.claimDueDeliveries(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
        if (claimed.length === 0) break;
        // One claim holds at most one delivery per record and endpoint, so they may all go at once.
        for (const result of await Promise.all(claimed.map(send))) outcome[result] += 1;
      }
      return outcome;
    },
  };
}

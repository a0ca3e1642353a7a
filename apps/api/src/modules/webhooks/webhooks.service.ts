/**
 * Webhook endpoints of an organization (issue 14): its admin registers https URLs for events, lists
 * them with their latest delivery, removes them, and reads each one's deliveries. The signing secret
 * (`whsec_` + 256 random bits) is shown once and kept sealed under APP_SECRET, because the
 * dispatcher needs it back to sign. Plain http is allowed only to this machine outside production.
 */
import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { seal, sealingKey } from '../../platform/sealing.js';
import { auditTrail } from '../audit/index.js';
import { whyHostRefused } from './webhook-address.js';
import * as repository from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** Endpoints an organization may keep at once: every event is sent to each of them. */
const MAX_WEBHOOKS = 10;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface WebhooksDeps {
  db: Database;
  clock: Clock;
  appSecret: string;
  /** Production: https only, to public hosts (and the dispatcher refuses private addresses when calling). */
  production: boolean;
}

type LatestDelivery = Awaited<ReturnType<typeof repository.latestDeliveries>>[number];

function toWebhook(row: EndpointRow, latest: LatestDelivery | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.created_at.toISOString(),
    lastDelivery: latest
      ? {
          event: latest.event as WebhookEvent,
          status: latest.status as WebhookDeliveryStatus,
          attempts: latest.attempts,
          createdAt: latest.created_at.toISOString(),
        }
      : null,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    nextAttemptAt: row.status === 'PENDING' ? (row.next_attempt_at ?? row.created_at).toISOString() : null,
    lastAttempt: row.attempted_at ? { statusCode: row.status_code, error: row.error, attemptedAt: row.attempted_at.toISOString() } : null,
  };
}

/** The organization an admin manages webhooks of; an API key may not manage them. */
function organizationOf(actor: Actor): string {
  if (!actor.organizationId || actor.apiKey) throw forbidden();
  return actor.organizationId;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock } = deps;
  const secretKey = sealingKey(deps.appSecret, 'webhook-secret');

  function assertAllowedUrl(raw: string): void {
    const url = new URL(raw);
    if (url.username || url.password) throw invalidField('url', 'Webhook URLs cannot carry a user name or password');
    if (url.protocol !== 'https:' && (deps.production || !LOCAL_HOSTS.has(url.hostname))) {
      throw invalidField('url', WEBHOOK_MESSAGES.https);
    }
    // A literal private address is refused when saved; a name is checked at every delivery, by what it resolves to.
    const refusal = deps.production ? whyHostRefused(url.hostname) : null;
    if (refusal) throw invalidField('url', refusal);
  }

  async function endpointOf(actor: Actor, id: string): Promise<EndpointRow> {
    const row = await repository.findEndpoint(db, id, organizationOf(actor));
    if (!row) throw notFound('Webhook');
    return row;
  }

  return {
    async list(actor: Actor) {
      const rows = await repository.listEndpoints(db, organizationOf(actor));
      const latest = new Map(
        (
          await repository.latestDeliveries(
            db,
            rows.map((row) => row.id),
          )
        ).map((d) => [d.endpoint_id, d]),
      );
      return { webhooks: rows.map((row) => toWebhook(row, latest.get(row.id))) };
    },

    async create(actor: Actor, body: WebhookCreateBody) {
      const organizationId = organizationOf(actor);
      assertAllowedUrl(body.url);
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction().execute(async (trx) => {
        if ((await repository.countLiveEndpoints(trx, organizationId)) >= MAX_WEBHOOKS) {
          throw new AppError('LIMIT_REACHED', `An organization may keep at most ${MAX_WEBHOOKS} webhooks; remove one first`);
        }
        const endpoint = await repository.insertEndpoint(trx, {
          organizationId,
          url: body.url,
          events: body.events,
          secretSealed: seal(secretKey, Buffer.from(secret, 'utf8')),
          createdBy: actor.userId,
        });
        await auditTrail.record(trx, {
          actor,
          action: 'webhook.created',
          entityId: endpoint.id,
          organizationId,
          after: { url: body.url, events: body.events.join(', ') },
        });
        return endpoint;
      });
      return { message: 'Webhook added', webhook: toWebhook(row, undefined), secret };
    },

    async remove(actor: Actor, id: string) {
      const organizationId = organizationOf(actor);
      await db.transaction().execute(async (trx) => {
        const endpoint = await repository.lockEndpoint(trx, id, organizationId);
        if (!endpoint) throw notFound('Webhook');
        await repository.deleteEndpoint(trx, id, clock.now());
        await auditTrail.record(trx, {
          actor,
          action: 'webhook.deleted',
          entityId: id,
          organizationId,
          before: { url: endpoint.url, events: endpoint.events.join(', ') },
        });
      });
      return { message: 'Webhook deleted' };
    },

    async deliveries(actor: Actor, id: string, page: { page: number; pageSize: number }) {
      const endpoint = await endpointOf(actor, id);
      const { rows, total } = await repository.listDeliveries(db, endpoint.id, page);
      return { deliveries: rows.map(toDelivery), total };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

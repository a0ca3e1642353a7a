/**
 * Organization API keys (issue 14). The organization admin makes named keys with a scope; the secret
 * (`ff_live_` + 256 random bits) is returned once and only its SHA-256 is kept, as for session tokens
 * (ADR 003). A key resolves to an actor of its organization that acts in the name of the admin who
 * made it (requests need a user as requester) and carries the key, so that the route binder holds it
 * to its scope's allow-list and the audit trail names it.
 */
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreateBody, type ApiKeyScope } from '@fleetfuel/contract';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { Actor, SessionResolver } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import * as repository from './api-keys.repository.js';

/** last_used_at is refreshed at most this often, so that a busy integration does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;
/** How much of the secret the list shows: the prefix and four characters of the random part. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

function toApiKey(row: repository.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiKeyScope,
    prefix: row.prefix,
    createdBy: { id: row.creator_id, name: row.creator_name },
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** The organization an admin manages keys of; keys never belong to the platform or a station. */
function organizationOf(actor: Actor): string {
  if (!actor.organizationId || actor.apiKey) throw forbidden();
  return actor.organizationId;
}

export function createApiKeysService(deps: { db: Database }) {
  const { db } = deps;

  async function keyOf(executor: Database, organizationId: string, id: string, options: { lock?: boolean } = {}) {
    const row = await repository.findKeyOf(executor, organizationId, id, options);
    if (!row) throw notFound('API key');
    return row;
  }

  /** The actor of a live key, or null when the key is unknown, revoked or its organization inactive. */
  async function resolve(secret: string): Promise<Actor | null> {
    const key = await repository.findLiveKeyByHash(db, hashToken(secret));
    if (!key) return null;
    if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > TOUCH_INTERVAL_MS) await repository.touchKey(db, key.id);
    return {
      userId: key.created_by,
      // A key has no session: its id stands in, which no session record ever matches.
      sessionId: key.id,
      // The scope's allow-list, checked by the route binder, is what a key may do; the role only gives
      // the services an organization admin's view of the organization's records.
      role: 'ADMINISTRATOR',
      organizationId: key.organization_id,
      fuelStationId: null,
      apiKey: { id: key.id, name: key.name, scope: key.scope as ApiKeyScope },
    };
  }

  return {
    async list(actor: Actor) {
      const rows = await repository.keysOf(db, organizationOf(actor));
      return { apiKeys: rows.map(toApiKey) };
    },

    async create(actor: Actor, body: ApiKeyCreateBody) {
      const organizationId = organizationOf(actor);
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await db.transaction().execute(async (trx) => {
        const keyId = await repository.insertApiKey(trx, {
          organizationId,
          name: body.name,
          scope: body.scope,
          prefix: secret.slice(0, SHOWN_LENGTH),
          secretHash: hashToken(secret),
          createdBy: actor.userId,
        });
        await auditTrail.record(trx, {
          actor,
          action: 'api_key.created',
          entityId: keyId,
          organizationId,
          after: { name: body.name, scope: body.scope },
        });
        return keyId;
      });
      return { message: 'API key created', apiKey: toApiKey(await keyOf(db, organizationId, id)), secret };
    },

    async revoke(actor: Actor, id: string) {
      const organizationId = organizationOf(actor);
      await db.transaction().execute(async (trx) => {
        const key = await keyOf(trx, organizationId, id, { lock: true });
        if (key.revoked_at) throw new AppError('RULE_VIOLATION', 'This API key is already revoked');
        await repository.revokeKey(trx, id);
        await auditTrail.record(trx, {
          actor,
          action: 'api_key.revoked',
          entityId: id,
          organizationId,
          before: { revokedAt: null },
          after: { revokedAt: new Date() },
          note: `${key.name} (${key.scope})`,
        });
      });
      return { message: 'API key revoked', apiKey: toApiKey(await keyOf(db, organizationId, id)) };
    },

    /**
     * Puts API keys in front of the session resolver: a bearer token that starts with the keys'
     * prefix is a key (a session token is plain base64url and never does).
     */
    resolverOver(sessions: SessionResolver): SessionResolver {
      return (token, client) => (token.startsWith(API_KEY_PREFIX) ? resolve(token) : sessions(token, client));
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

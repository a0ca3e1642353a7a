/**
 * Session records: one per sign-in. A token is only a pointer to its record, so ending the record
 * (logout, password reset, disabling the account) kills the token immediately.
 */
import type { Database } from '../../platform/db/database.js';
import { hashToken, newOpaqueToken } from '../../platform/auth/tokens.js';
import type { Actor, SessionResolver } from '../../platform/http/actor.js';
import type { Role } from '@fleetfuel/contract';
import * as repository from './sessions.repository.js';

/** last_used_at is refreshed at most this often, so that reads do not all become writes. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionsService {
  open(userId: string, client: { ip: string; userAgent: string | null }, db?: Database): Promise<{ token: string; sessionId: string }>;
  resolve: SessionResolver;
  end(sessionId: string, reason: repository.SessionEndReason, db?: Database): Promise<void>;
  endAllOf(userId: string, reason: repository.SessionEndReason, options?: { except?: string; db?: Database }): Promise<number>;
  listOf(
    userId: string,
    currentSessionId: string,
  ): Promise<
    Array<{
      id: string;
      current: boolean;
      createdAt: string;
      lastUsedAt: string;
      expiresAt: string;
      userAgent: string | null;
      ipAddress: string | null;
    }>
  >;
  endOneOf(userId: string, sessionId: string): Promise<boolean>;
}

export function createSessionsService(deps: { db: Database; ttlHours: number }): SessionsService {
  const { db } = deps;
  return {
    async open(userId, client, executor = db) {
      const { token, hash } = newOpaqueToken();
      const sessionId = await repository.insertSession(executor, {
        userId,
        tokenHash: hash,
        ttlHours: deps.ttlHours,
        userAgent: client.userAgent,
        ipAddress: client.ip,
      });
      return { token, sessionId };
    },

    async resolve(token): Promise<Actor | null> {
      const session = await repository.findLiveSessionByTokenHash(db, hashToken(token));
      if (!session) return null;
      if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await repository.touchSession(db, session.sessionId);
      }
      return {
        userId: session.userId,
        sessionId: session.sessionId,
        role: session.role as Role,
        organizationId: session.organizationId,
        fuelStationId: session.fuelStationId,
      };
    },

    end: (sessionId, reason, executor = db) => repository.endSession(executor, sessionId, reason),

    endAllOf: (userId, reason, options = {}) => repository.endSessionsOfUser(options.db ?? db, userId, reason, options.except),

    async listOf(userId, currentSessionId) {
      const rows = await repository.liveSessionsOf(db, userId);
      return rows.map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        userAgent: row.user_agent,
        ipAddress: row.ip_address,
      }));
    },

    endOneOf: (userId, sessionId) => repository.endSessionOf(db, userId, sessionId),
  };
}

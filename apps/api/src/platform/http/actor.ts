/** Who is calling: resolved from the bearer token's session on every authenticated request. */
import type { Role } from '@fleetfuel/contract';

export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
  organizationId: string | null;
  fuelStationId: string | null;
  /**
   * The caller's address as Fastify's `request.ip` reports it (the proxy's forwarded address only when
   * `trustProxy` is set), for the audit trail. Set by the route binder on every authenticated call;
   * absent on actors built elsewhere (jobs, tests).
   */
  ipAddress?: string;
}

/** Resolves a bearer token to its live session's actor, or null when the token is dead. */
export type SessionResolver = (token: string, request: { ip: string; userAgent: string | null }) => Promise<Actor | null>;

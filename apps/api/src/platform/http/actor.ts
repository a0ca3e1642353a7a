/** Who is calling: resolved from the bearer token's session on every authenticated request. */
import type { ApiKeyScope, Role } from '@fleetfuel/contract';

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
  /**
   * Set when the caller is an organization API key rather than a signed-in person: the actor then
   * acts in the name of the key's creator, and the route binder holds it to the scope's allow-list.
   */
  apiKey?: { id: string; name: string; scope: ApiKeyScope };
}

/** Resolves a bearer token to its live session's actor, or null when the token is dead. */
export type SessionResolver = (token: string, request: { ip: string; userAgent: string | null }) => Promise<Actor | null>;

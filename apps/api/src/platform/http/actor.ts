/** Who is calling: resolved from the bearer token's session on every authenticated request. */
import type { Role } from '@fleetfuel/contract';

export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
  organizationId: string | null;
  fuelStationId: string | null;
}

/** Resolves a bearer token to its live session's actor, or null when the token is dead. */
export type SessionResolver = (token: string, request: { ip: string; userAgent: string | null }) => Promise<Actor | null>;

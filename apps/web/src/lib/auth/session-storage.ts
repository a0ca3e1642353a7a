import type { Role, SessionUser } from '@fleetfuel/contract';
// Not from the index: `enums.ts` builds zod schemas, which the sign-in page does without.
import { ROLES } from '@fleetfuel/contract/roles';

/** Spec section 3: the session lives in local storage under one fixed key. */
export const SESSION_STORAGE_KEY = 'fleetfuel.session';

export interface StoredSession {
  token: string;
  user: SessionUser;
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Only the token has to be trusted here: the user is refreshed from the server on every load, so a
 * stored user is checked just enough to be safe to hold.
 */
function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const { token, user } = value as { token?: unknown; user?: unknown };
  if (typeof token !== 'string' || token === '') return false;
  if (typeof user !== 'object' || user === null) return false;
  return isRole((user as { role?: unknown }).role);
}

export function readSession(): StoredSession | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isStoredSession(parsed)) return parsed;
  } catch {
    // A value that is not JSON is as unusable as a missing one; it is removed below.
  }
  clearSession();
  return null;
}

export function writeSession(session: StoredSession): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); there is then nothing to clear.
  }
}

export function readToken(): string | null {
  return readSession()?.token ?? null;
}

/**
 * Opaque bearer tokens: 256 random bits, of which only a SHA-256 hash is stored. The token names a
 * session record, so ending the record kills the token at once, on every API instance.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function readBearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

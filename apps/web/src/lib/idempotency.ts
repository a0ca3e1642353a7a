/**
 * Keys for the `Idempotency-Key` header of money-moving calls: one key per submission, so that a
 * repeated request (a double click, a retry after a dropped reply) has one effect on the server.
 */
export function newIdempotencyKey(source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto): string {
  // randomUUID exists only in secure contexts (https, localhost); plain-http deployments need the fallback.
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { 'Idempotency-Key': key };
}

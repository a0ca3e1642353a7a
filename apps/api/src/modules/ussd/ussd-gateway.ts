/**
 * Whether a USSD callback comes from the gateway: it carries the shared secret (the X-USSD-Secret
 * header, or the `secret` query parameter of the callback URL, since Africa's Talking cannot add
 * headers) and/or comes from an allowed address (Fastify's `request.ip`: the forwarded address
 * only with TRUST_PROXY). With neither configured (never in production: the config refuses it)
 * any caller is taken for the gateway.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../platform/errors.js';

export interface GatewaySettings {
  sharedSecret: string | null;
  allowedAddresses: readonly string[];
}

/** Equal secrets, compared in constant time (their digests, so that the length does not show either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function allowListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** An IPv4 address as Node reports it on a dual-stack socket ("::ffff:10.0.0.1") is checked as IPv4. */
function plainAddress(ip: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address: ip, type: isIP(ip) === 6 ? 'ipv6' : 'ipv4' };
}

/** Throws 401 without the right secret, 403 from an address outside the allow-list. */
export function createGatewayCheck(settings: GatewaySettings) {
  const allowList = settings.allowedAddresses.length > 0 ? allowListOf(settings.allowedAddresses) : null;
  return (caller: { ip: string; secret: string | undefined }): void => {
    if (settings.sharedSecret !== null && (caller.secret === undefined || !sameSecret(caller.secret, settings.sharedSecret))) {
      throw new AppError('UNAUTHENTICATED', 'The USSD gateway must send its shared secret (X-USSD-Secret)');
    }
    if (allowList) {
      const { address, type } = plainAddress(caller.ip);
      if (isIP(address) === 0 || !allowList.check(address, type)) {
        throw new AppError('FORBIDDEN', 'This address may not call the USSD route');
      }
    }
  };
}

/**
 * Which addresses a webhook may never reach in production: the platform's own machine and network
 * (loopback, private ranges, link-local with the cloud metadata service, CGNAT, IPv6 unique-local
 * and link-local, the unspecified address), so that a registered URL cannot probe or call them.
 */
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('10.0.0.0', 8, 'ipv4');
refused.addSubnet('100.64.0.0', 10, 'ipv4');
refused.addSubnet('127.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('172.16.0.0', 12, 'ipv4');
refused.addSubnet('192.168.0.0', 16, 'ipv4');
refused.addAddress('::', 'ipv6');
refused.addAddress('::1', 'ipv6');
refused.addSubnet('fc00::', 7, 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');

/** Why `address` (an IP literal) may not be called, or null when it may; anything not an IP is refused. */
export function whyAddressRefused(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.5) reaches the IPv4 host: judge that one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped?.[1]) return whyAddressRefused(mapped[1]);
  }
  return refused.check(bare, family === 4 ? 'ipv4' : 'ipv6')
    ? `${bare} is a private, loopback or link-local address; webhooks are only sent to public addresses`
    : null;
}

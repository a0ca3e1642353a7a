/**
 * Which addresses a webhook may never reach in production: the platform's own machine and network
 * (loopback, private ranges, link-local with the cloud metadata service, CGNAT, IPv6 unique-local
 * and link-local, the unspecified address, multicast and reserved space), so that a registered URL
 * cannot probe or call them. An IPv6 address that carries an IPv4 one (IPv4-mapped and -compatible,
 * SIIT, NAT64, 6to4, Teredo) is judged by the IPv4 address it reaches as well.
 */
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('10.0.0.0', 8, 'ipv4');
refused.addSubnet('100.64.0.0', 10, 'ipv4');
refused.addSubnet('127.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('172.16.0.0', 12, 'ipv4');
refused.addSubnet('192.0.0.0', 24, 'ipv4');
refused.addSubnet('192.168.0.0', 16, 'ipv4');
refused.addSubnet('198.18.0.0', 15, 'ipv4');
refused.addSubnet('224.0.0.0', 4, 'ipv4');
refused.addSubnet('240.0.0.0', 4, 'ipv4');
refused.addAddress('::', 'ipv6');
refused.addAddress('::1', 'ipv6');
refused.addSubnet('fc00::', 7, 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6');
// NAT64 for local use: the IPv4 address may sit anywhere after the /48, so the prefix is refused whole.
refused.addSubnet('64:ff9b:1::', 48, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 literal (a trailing dotted IPv4 part and a zone allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 addresses an IPv6 address delivers to, by the standard ways of carrying one inside it. */
function embeddedIpv4(groups: readonly number[]): string[] {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT).
  if (zeroUpTo(6) || (zeroUpTo(5) && g5 === 0xffff) || (zeroUpTo(4) && g4 === 0xffff && g5 === 0)) return [ipv4Of(g6, g7)];
  // NAT64's well-known prefix 64:ff9b::/96.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [ipv4Of(g6, g7)];
  // 6to4: 2002:AABB:CCDD::/48 relays to AA.BB.CC.DD.
  if (g0 === 0x2002) return [ipv4Of(g1 ?? 0, g2 ?? 0)];
  // Teredo 2001:0::/32: the server's address, and the client's stored with every bit flipped.
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2 ?? 0, g3 ?? 0), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return [];
}

/** Why `address` (an IP literal) may not be called, or null when it may; anything not an IP is refused. */
export function whyAddressRefused(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return `${address} is not an IP address`;
  const why = `${bare} is a private, loopback or link-local address; webhooks are only sent to public addresses`;
  if (family === 4) return refused.check(bare, 'ipv4') ? why : null;
  const groups = ipv6Groups(bare);
  const canonical = groups.map((group) => group.toString(16)).join(':');
  if (refused.check(canonical, 'ipv6')) return why;
  return embeddedIpv4(groups).some((ipv4) => refused.check(ipv4, 'ipv4')) ? why : null;
}

/**
 * Why a webhook URL's host may not be saved in production, or null: an IP literal judged as above,
 * or a name for this machine. Other names are judged by what they resolve to, at every delivery.
 */
export function whyHostRefused(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return `${hostname} is this machine; webhooks are only sent to public addresses`;
  }
  return isIP(host.replace(/^\[|\]$/g, '')) === 0 ? null : whyAddressRefused(host);
}

import { describe, expect, it } from 'vitest';
import { whyAddressRefused, whyHostRefused } from './webhook-address.js';

describe('addresses a webhook may not reach in production', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '[::1]',
    '::ffff:10.0.0.5',
    '::ffff:127.0.0.1',
  ])('refuses %s', (address) => {
    expect(whyAddressRefused(address)).toMatch(/private, loopback or link-local/);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '41.58.1.2', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(whyAddressRefused(address)).toBeNull();
  });

  it('refuses what is not an IP address', () => {
    expect(whyAddressRefused('example.com')).toMatch(/not an IP address/);
  });
});

describe('IPv6 addresses that carry an IPv4 one', () => {
  it.each([
    ['::ffff:a00:5', 'IPv4-mapped, in hex'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::a9fe:a9fe', 'IPv4-compatible, in hex (169.254.169.254)'],
    ['::ffff:0:10.1.2.3', 'SIIT'],
    ['64:ff9b::10.0.0.5', 'NAT64 well-known prefix'],
    ['64:ff9b::7f00:1', 'NAT64, in hex'],
    ['64:ff9b:1::8.8.8.8', 'NAT64 local-use prefix, whatever it carries'],
    ['2002:c0a8:0101::1', '6to4 of 192.168.1.1'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo with client 10.0.0.1'],
    ['2001:0:a00:1::1', 'Teredo with server 10.0.0.1'],
    ['ff02::1', 'multicast'],
    ['fe80::1%eth0', 'link-local with a zone'],
  ])('refuses %s (%s)', (address) => {
    expect(whyAddressRefused(address)).toMatch(/private, loopback or link-local/);
  });

  it.each(['64:ff9b::808:808', '2002:808:808::1', '::ffff:0:8.8.8.8', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', '2a00:1450:4001::200e'])(
    'allows %s, which reaches a public address',
    (address) => {
      expect(whyAddressRefused(address)).toBeNull();
    },
  );
});

describe('hosts a webhook may not be saved with in production', () => {
  it.each(['localhost', 'LOCALHOST.', 'api.localhost', '127.0.0.1', '[::1]', '[64:ff9b::a00:5]'])('refuses %s', (host) => {
    expect(whyHostRefused(host)).toMatch(/webhooks are only sent to public addresses$/);
  });

  it.each(['hooks.example.com', '8.8.8.8', '[2a00:1450:4001::200e]'])('leaves %s to the delivery', (host) => {
    expect(whyHostRefused(host)).toBeNull();
  });
});

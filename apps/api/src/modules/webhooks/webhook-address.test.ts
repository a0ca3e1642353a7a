import { describe, expect, it } from 'vitest';
import { whyAddressRefused } from './webhook-address.js';

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

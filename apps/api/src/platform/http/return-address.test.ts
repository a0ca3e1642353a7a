import { describe, expect, it } from 'vitest';
import { returnAddress } from './return-address.js';

const APP = 'http://localhost:3000';
const dev = { production: false };

describe('returnAddress', () => {
  it('sends the payer back to the address the page was opened at on this machine or a private network', () => {
    expect(returnAddress('http://127.0.0.1:3000', APP, dev)).toBe('http://127.0.0.1:3000');
    expect(returnAddress('http://192.168.1.20:3000', APP, dev)).toBe('http://192.168.1.20:3000');
    expect(returnAddress('http://10.0.0.5:8080', APP, dev)).toBe('http://10.0.0.5:8080');
    expect(returnAddress('http://172.20.3.4:3000', APP, dev)).toBe('http://172.20.3.4:3000');
    expect(returnAddress('http://[::1]:3000', APP, dev)).toBe('http://[::1]:3000');
  });

  it('falls back to APP_URL for any other origin, a missing or malformed one, and always in production', () => {
    expect(returnAddress('https://evil.example', APP, dev)).toBe(APP);
    expect(returnAddress('http://172.32.0.1:3000', APP, dev)).toBe(APP);
    expect(returnAddress('http://127.0.0.1.evil.example', APP, dev)).toBe(APP);
    expect(returnAddress('javascript:alert(1)', APP, dev)).toBe(APP);
    expect(returnAddress('null', APP, dev)).toBe(APP);
    expect(returnAddress(undefined, APP, dev)).toBe(APP);
    expect(returnAddress('http://127.0.0.1:3000', APP, { production: true })).toBe(APP);
  });
});

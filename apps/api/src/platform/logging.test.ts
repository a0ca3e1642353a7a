import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, serializeRequest } from './logging.js';

describe('loggable URLs', () => {
  it('blank the USSD gateway’s shared secret, and nothing else', () => {
    expect(loggableUrl('/api/ussd?secret=abc123')).toBe('/api/ussd?secret=[redacted]');
    expect(loggableUrl('/api/ussd?x=1&SECRET=abc&y=2')).toBe('/api/ussd?x=1&SECRET=[redacted]&y=2');
    expect(loggableUrl('/api/vehicles?search=secret')).toBe('/api/vehicles?search=secret');
  });

  it('keep the secret out of the JSON request log', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', serializers: { req: serializeRequest }, stream: { write: (line: string) => lines.push(line) } },
    });
    app.get('/api/ussd', () => 'END ok');
    await app.inject({ method: 'GET', url: '/api/ussd?secret=the-gateway-secret' });
    await app.close();
    expect(lines.join('')).toContain('/api/ussd?secret=[redacted]');
    expect(lines.join('')).not.toContain('the-gateway-secret');
  });
});

/**
 * Who may call the USSD route as the gateway (issue 46): with a shared secret configured, only a
 * caller sending it (header or query parameter); with an allow-list, only its addresses; and how
 * many callbacks one phone number or session may make in a minute.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';
import { ussdCallback } from '../../../test/ussd.js';
import { say } from './ussd-texts.js';

const SECRET = 'at-callback-secret-0123456789';
const GATEWAY = '196.201.214.23';

const world = useTestApp({
  config: {
    ussd: {
      enabled: true,
      sharedSecret: SECRET,
      allowedAddresses: ['196.201.214.0/24'],
      sessionTimeoutSeconds: 180,
      maxCallbacksPerMinute: 3,
    },
  },
});

const first = (sessionId: string, phoneNumber = '+2348099990000') => ({ sessionId, phoneNumber, text: '' });

describe('the USSD gateway', () => {
  it('refuses a caller without the shared secret, or with a wrong one, in the house error shape', async () => {
    const missing = await ussdCallback(world.t, first('g1'), { remoteAddress: GATEWAY });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const wrong = await ussdCallback(world.t, first('g2'), { remoteAddress: GATEWAY, headers: { 'x-ussd-secret': 'guess' } });
    expect(wrong.statusCode).toBe(401);
    const viaQuery = await ussdCallback(world.t, first('g3'), { remoteAddress: GATEWAY, query: `secret=${SECRET}` });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.body).toBe(`END ${say('en', 'unknownNumber')}`);
  });

  it('refuses the right secret from an address outside the allow-list', async () => {
    const outside = await ussdCallback(world.t, first('g4'), { remoteAddress: '203.0.113.9', headers: { 'x-ussd-secret': SECRET } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN' });
    const inside = await ussdCallback(world.t, first('g5'), { remoteAddress: GATEWAY, headers: { 'x-ussd-secret': SECRET } });
    expect(inside.statusCode).toBe(200);
    expect(inside.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('is documented in the OpenAPI document as a form-encoded call answered in plain text', async () => {
    const document = (await world.t.call('GET', '/api/docs/json')).json();
    const operation = document.paths['/api/ussd'].post;
    expect(Object.keys(operation.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/plain']);
  });

  it('answers a malformed callback 400, never 500', async () => {
    const res = await world.t.app.inject({
      method: 'POST',
      url: '/api/ussd',
      remoteAddress: GATEWAY,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ussd-secret': SECRET },
      payload: 'text=1',
    });
    expect(res.statusCode).toBe(400);
  });

  it('counts the callbacks of one phone number and of one session', async () => {
    const options = { remoteAddress: GATEWAY, headers: { 'x-ussd-secret': SECRET } };
    const phoneNumber = '+2348030000004';
    const replies: string[] = [];
    for (const sessionId of ['t1', 't2', 't3', 't4'])
      replies.push((await ussdCallback(world.t, first(sessionId, phoneNumber), options)).body);
    expect(replies.slice(0, 3)).toEqual(Array(3).fill(expect.stringMatching(/^(CON|END) /)));
    expect(replies[3]).toBe(`END ${say('en', 'throttled')}`);
    // One session with many phone numbers is counted as well.
    const perSession: string[] = [];
    for (const phone of ['+2348099990001', '+2348099990002', '+2348099990003', '+2348099990004']) {
      perSession.push((await ussdCallback(world.t, first('same-session', phone), options)).body);
    }
    expect(perSession[3]).toBe(`END ${say('en', 'throttled')}`);
  });
});

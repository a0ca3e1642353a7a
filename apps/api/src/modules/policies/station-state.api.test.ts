/**
 * ALLOWED_STATES through HTTP (issue 44): the state a station records decides where fuel may be
 * bought; a station without one is refused by a HARD policy with a message that says so.
 */
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { useTestApp } from '../../../test/test-world.js';

const ADMIN = 'orgadmin@acme.test';
const world = useTestApp({
  signIn: ['admin@fleetfuel.test', ADMIN],
  ids: async (find) => ({
    acme: await find.organization('Acme Logistics'),
    hilux: await find.vehicle('LND-451-KJ'),
    unity: await find.station('Unity Fuels Ikeja'),
  }),
});

const request = () =>
  world.t.call('POST', '/api/fuel-requests', {
    token: world.token(ADMIN),
    body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 10 },
  });
const setStationState = (state: string) =>
  world.t.call('PUT', `/api/admin/fuel-stations/${world.ids.unity}`, { token: world.token('admin@fleetfuel.test'), body: { state } });

describe('allowed states', () => {
  it("judges the station's recorded state, and names a station without one", async () => {
    const policy = await world.t.call('POST', '/api/fuel-policies', {
      token: world.token(ADMIN),
      body: { rule: 'ALLOWED_STATES', value: ['Ogun', 'Oyo'], enforcement: 'HARD', scope: { type: 'ORGANIZATION' } },
    });
    expect(policy.statusCode).toBe(200);

    expect((await setStationState('Lagos')).json().state).toBe('Lagos');
    const elsewhere = await request();
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({
      code: 'POLICY_VIOLATION',
      rule: 'ALLOWED_STATES',
      message: 'Unity Fuels Ikeja is in Lagos; fuel is allowed in Ogun, Oyo only (organization policy)',
    });

    await setStationState('');
    expect((await request()).json().message).toBe(
      'Unity Fuels Ikeja has no state recorded; fuel is allowed in Ogun, Oyo only (organization policy)',
    );

    await setStationState('Ogun');
    expect((await request()).statusCode).toBe(200);
  });
});

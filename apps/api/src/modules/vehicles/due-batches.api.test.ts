/**
 * The due vehicles read in keyset batches (issue 16: the Service Term report lists every one) come
 * in the order of the alerts' list, soonest problems first, each exactly once, even where batches
 * end inside runs of vehicles with the same expiry and the same creation instant, or with neither
 * expiry (those sort last).
 */
import { describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { inBatches } from '../../platform/db/keyset.js';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { countVehicles, dueVehicleBatch, dueVehicles, type DueCursor, type DueScope } from './due-vehicles.repository.js';

let beta: string;
const today = lagosDate(new Date());

const world = useTestApp({
  setUp: async ({ t }) => {
    beta = await demoIds(t).organization('Beta Haulage');
    const sameInstant = new Date('2025-02-01T08:00:00Z');
    const longAgo = new Date('2024-01-01T08:00:00Z');
    const asset = (plate: string, values: { registration_expiry?: string; created_at?: Date; status?: string }) => ({
      organization_id: beta,
      plate_number: plate,
      make: 'Toyota',
      model: 'Hiace',
      type: 'VEHICLE',
      fuel_type: 'DIESEL',
      ...values,
    });
    await t.db
      .insertInto('vehicles')
      .values([
        // Five with one expiry and one creation instant: only their ids tell them apart.
        ...Array.from({ length: 5 }, (_, i) => asset(`TIE-${i}`, { registration_expiry: addDays(today, 3), created_at: sameInstant })),
        // Due by the service interval alone (no expiry): last, oldest first, three of them at one instant.
        ...Array.from({ length: 3 }, (_, i) => asset(`OLD-${i}`, { created_at: longAgo })),
        asset('OLD-LATER', { created_at: sameInstant }),
        asset('EXPIRED', { registration_expiry: addDays(today, -20) }),
        asset('INSURED', { registration_expiry: addDays(today, 25) }),
        // Not due: a registration beyond the warning, or out of service.
        asset('FINE', { registration_expiry: addDays(today, 60) }),
        asset('RETIRED', { registration_expiry: addDays(today, -20), status: 'INACTIVE' }),
      ])
      .execute();
    // An insurance that ended ten days ago makes its asset due before the registration in 25 days would.
    const insured = await demoIds(t).vehicle('INSURED');
    await t.db
      .insertInto('insurance_policies')
      .values({
        organization_id: beta,
        vehicle_id: insured,
        insurer_name: 'AXA Mansard',
        insurance_type: 'Comprehensive',
        insurance_number: 'POL-DUE',
        coverage_start: addDays(today, -375),
        coverage_end: addDays(today, -10),
        amount_kobo: 5_000_000n,
      })
      .execute();
  },
});

/** Every due vehicle of the scope read two at a time. */
async function inPagesOfTwo(scope: DueScope) {
  const rows: Awaited<ReturnType<typeof dueVehicleBatch>> = [];
  for await (const batch of inBatches<(typeof rows)[number], DueCursor>(
    (after, size) => dueVehicleBatch(world.t.db, scope, today, after, size),
    2,
  )) {
    expect(batch.length).toBeLessThanOrEqual(2);
    rows.push(...batch);
  }
  return rows;
}

describe('due vehicles in batches', () => {
  it('reads every due vehicle of an organization once, in the order of the alerts list', async () => {
    const scope = { organizationId: beta };
    const batched = await inPagesOfTwo(scope);
    const whole = await dueVehicles(world.t.db, scope, today, 10_000);

    expect(batched.map((row) => row.id)).toEqual(whole.rows.map((row) => row.id));
    expect(new Set(batched.map((row) => row.id)).size).toBe(batched.length);
    expect(batched.length).toBe((await countVehicles(world.t.db, beta, today)).due);

    const plates = batched.map((row) => row.plate_number ?? '');
    const added = plates.filter((plate) => /^(TIE|OLD|EXPIRED|INSURED|FINE|RETIRED)/.test(plate));
    // Soonest first (the insurance's end counts), ties by creation then id, no expiry last by creation.
    const tiesById = batched
      .filter((row) => row.plate_number?.startsWith('TIE-'))
      .map((row) => row.id)
      .sort();
    expect(batched.filter((row) => row.plate_number?.startsWith('TIE-')).map((row) => row.id)).toEqual(tiesById);
    expect(added.map((plate) => plate.replace(/-\d$/, ''))).toEqual([
      'EXPIRED',
      'INSURED',
      'TIE',
      'TIE',
      'TIE',
      'TIE',
      'TIE',
      'OLD',
      'OLD',
      'OLD',
      'OLD-LATER',
    ]);
    const keys = batched.map((row) => row.due_key);
    expect(keys).toEqual([...keys].sort());
    expect(batched.filter((row) => row.plate_number?.startsWith('OLD')).map((row) => row.due_key)).toEqual(Array(4).fill('infinity'));
  });

  it('reads every due vehicle of every organization once, in the same order as one read', async () => {
    const batched = await inPagesOfTwo({ organizationId: null });
    const whole = await dueVehicles(world.t.db, { organizationId: null }, today, 10_000);
    expect(batched.map((row) => row.id)).toEqual(whole.rows.map((row) => row.id));
    expect(new Set(batched.map((row) => row.id)).size).toBe(batched.length);
    expect(batched.length).toBe((await countVehicles(world.t.db, null, today)).due);
    expect(batched.length).toBeGreaterThan(12);
  });
});

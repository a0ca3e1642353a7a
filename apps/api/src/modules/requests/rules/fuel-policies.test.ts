/**
 * The fuel policies' rules on their edges (issue 44): Lagos midnight, the week's Monday and the
 * month's first day, the most specific scope, HARD before SOFT, and which step judges what.
 */
import { describe, expect, it } from 'vitest';
import {
  applicablePolicies,
  policyBreaches,
  policyPeriods,
  policySource,
  weekdayOf,
  withinHours,
  type FuelPolicy,
  type PeriodUse,
  type PolicyFacts,
} from './fuel-policies.js';

let nextId = 0;
const policy = (
  rule: Pick<FuelPolicy, 'rule' | 'value'>,
  scope: FuelPolicy['scope'] = { type: 'ORGANIZATION', id: null, name: null },
  enforcement: FuelPolicy['enforcement'] = 'HARD',
): FuelPolicy => ({ ...rule, id: `p${(nextId += 1)}`, enforcement, scope }) as FuelPolicy;

const facts = (overrides: Partial<PolicyFacts> = {}): PolicyFacts => ({
  step: 'REQUEST',
  at: new Date('2026-11-25T10:00:00Z'), // a Wednesday, 11:00 in Lagos
  supplyDate: '2026-11-25',
  litres: 30,
  amountKobo: 3_000_000n,
  fuelType: 'PETROL',
  assetFuelType: 'PETROL',
  station: { id: 'station-a', name: 'Unity Fuels Ikeja', state: 'Lagos' },
  vehicle: { plate: 'LAG-123-AB', insuranceEnd: '2026-12-31' },
  lastFillAt: null,
  used: usedBy({}),
  ...overrides,
});

const NOTHING: PeriodUse = { weekLitres: 0, monthLitres: 0, weekKobo: 0n, monthKobo: 0n };
/** Each scope's use so far: none unless given. */
function usedBy(given: Partial<PolicyFacts['used']>): PolicyFacts['used'] {
  return { ORGANIZATION: NOTHING, GROUP: NOTHING, DRIVER: NOTHING, VEHICLE: NOTHING, ...given };
}

const messages = (policies: FuelPolicy[], judged: PolicyFacts) => policyBreaches(policies, judged).map((b) => b.message);

describe('applicablePolicies: the most specific scope wins, rule by rule', () => {
  const target = { vehicleId: 'v1', groupId: 'g1', driverId: 'd1' };
  const organization = policy({ rule: 'MAX_LITRES_PER_FILL', value: 50 });
  const group = policy({ rule: 'MAX_LITRES_PER_FILL', value: 40 }, { type: 'GROUP', id: 'g1', name: 'Logistics' });
  const driver = policy({ rule: 'MAX_LITRES_PER_FILL', value: 30 }, { type: 'DRIVER', id: 'd1', name: 'Ada Obi' });
  const vehicle = policy({ rule: 'MAX_LITRES_PER_FILL', value: 20 }, { type: 'VEHICLE', id: 'v1', name: 'LAG-123-AB' });
  const otherGroup = policy({ rule: 'MAX_LITRES_PER_FILL', value: 5 }, { type: 'GROUP', id: 'g2', name: 'Sales' });
  const days = policy({ rule: 'ALLOWED_DAYS', value: ['MON'] });

  it('takes the vehicle over the driver over the group over the organization, whatever their order', () => {
    for (const order of [
      [organization, group, driver, vehicle],
      [vehicle, driver, group, organization],
    ]) {
      expect(applicablePolicies(order, target).map((p) => p.id)).toEqual([vehicle.id]);
    }
    expect(applicablePolicies([organization, group, driver], target)).toEqual([driver]);
    expect(applicablePolicies([organization, group], target)).toEqual([group]);
  });

  it("ignores another group's, driver's or vehicle's policy, and keeps each rule's own", () => {
    expect(applicablePolicies([organization, otherGroup], target)).toEqual([organization]);
    expect(applicablePolicies([otherGroup], { ...target, groupId: null })).toEqual([]);
    expect(applicablePolicies([group, days], target)).toEqual([group, days]);
  });

  it('names where the rule comes from', () => {
    expect(policySource(organization)).toBe('(organization policy)');
    expect(policySource(group)).toBe('(group Logistics policy)');
    expect(policySource(vehicle)).toBe('(vehicle LAG-123-AB policy)');
  });
});

describe('the Lagos clock', () => {
  it('turns the day at Lagos midnight, 23:00 UTC', () => {
    expect(weekdayOf('2026-11-30')).toBe('MON');
    expect(weekdayOf('2026-11-29')).toBe('SUN');
    const days = policy({ rule: 'ALLOWED_DAYS', value: ['MON', 'TUE', 'WED', 'THU', 'FRI'] });
    const pump = (at: string) => facts({ step: 'REDEMPTION', at: new Date(at) });
    expect(messages([days], pump('2026-11-29T22:59:59Z'))).toEqual([
      'Fuel is allowed on Monday, Tuesday, Wednesday, Thursday, Friday only; 29 Nov 2026 is a Sunday (organization policy)',
    ]);
    expect(messages([days], pump('2026-11-29T23:00:00Z'))).toEqual([]);
  });

  it('judges the supply day before the pump, and the real day at the pump', () => {
    const weekdays = policy({ rule: 'ALLOWED_DAYS', value: ['MON'] });
    expect(messages([weekdays], facts({ supplyDate: '2026-11-30' }))).toEqual([]);
    expect(messages([weekdays], facts({ step: 'REDEMPTION', supplyDate: '2026-11-30' }))).toHaveLength(1);
  });

  it('opens an hours window at its start and closes it at its end, across midnight too', () => {
    const day = { from: '06:00', to: '20:00' };
    expect(withinHours(new Date('2026-11-25T04:59:59Z'), day)).toBe(false);
    expect(withinHours(new Date('2026-11-25T05:00:00Z'), day)).toBe(true);
    expect(withinHours(new Date('2026-11-25T18:59:59Z'), day)).toBe(true);
    expect(withinHours(new Date('2026-11-25T19:00:00Z'), day)).toBe(false);
    const night = { from: '22:00', to: '05:00' };
    expect(withinHours(new Date('2026-11-25T21:00:00Z'), night)).toBe(true);
    expect(withinHours(new Date('2026-11-25T23:30:00Z'), night)).toBe(true);
    expect(withinHours(new Date('2026-11-26T04:00:00Z'), night)).toBe(false);
  });

  it('starts the week on Monday 00:00 and the month on the 1st 00:00, Lagos time', () => {
    expect(policyPeriods(new Date('2026-11-25T10:00:00Z'))).toEqual({
      weekStart: new Date('2026-11-22T23:00:00Z'),
      monthStart: new Date('2026-10-31T23:00:00Z'),
    });
    // 23:30 UTC on Sunday 29 November is 00:30 on Monday 30 November in Lagos: a new week.
    expect(policyPeriods(new Date('2026-11-29T23:30:00Z')).weekStart).toEqual(new Date('2026-11-29T23:00:00Z'));
    expect(policyPeriods(new Date('2026-11-29T22:30:00Z')).weekStart).toEqual(new Date('2026-11-22T23:00:00Z'));
    // 23:30 UTC on 30 November is 1 December in Lagos: a new month (and the year turns the same way).
    expect(policyPeriods(new Date('2026-11-30T23:30:00Z')).monthStart).toEqual(new Date('2026-11-30T23:00:00Z'));
    expect(policyPeriods(new Date('2026-12-31T23:30:00Z')).monthStart).toEqual(new Date('2026-12-31T23:00:00Z'));
  });
});

describe('policyBreaches', () => {
  it('gives the numbers and the source: "30 L requested; the limit is 20 L per fill (organization policy)"', () => {
    expect(messages([policy({ rule: 'MAX_LITRES_PER_FILL', value: 20 })], facts())).toEqual([
      '30 L requested; the limit is 20 L per fill (organization policy)',
    ]);
    expect(messages([policy({ rule: 'MAX_LITRES_PER_FILL', value: 30 })], facts())).toEqual([]);
    expect(messages([policy({ rule: 'MAX_LITRES_PER_FILL', value: 25 })], facts({ step: 'REDEMPTION', litres: 25.01 }))).toEqual([
      '25.01 L dispensed; the limit is 25 L per fill (organization policy)',
    ]);
  });

  it('counts the hours since the last fill to the minute', () => {
    const apart = policy({ rule: 'MIN_HOURS_BETWEEN_FILLS', value: 24 });
    const at = new Date('2026-11-25T10:00:00Z');
    expect(messages([apart], facts({ at, lastFillAt: new Date('2026-11-24T10:00:00Z') }))).toEqual([]);
    expect(messages([apart], facts({ at, lastFillAt: new Date('2026-11-24T10:01:00Z') }))).toEqual([
      'LAG-123-AB was filled 23 h 59 min ago; fills must be at least 24 hours apart (organization policy)',
    ]);
    expect(messages([apart], facts({ at, lastFillAt: null }))).toEqual([]);
  });

  it("adds this fill to what the policy's own scope already used this week and month, up to the limit exactly", () => {
    const weekly = policy({ rule: 'WEEKLY_LITRES', value: 100 });
    const monthly = policy({ rule: 'MONTHLY_BUDGET_NAIRA', value: 100_000 }, { type: 'GROUP', id: 'g1', name: 'Logistics' }, 'SOFT');
    const seventy = { weekLitres: 70, monthLitres: 70, weekKobo: 7_000_000n, monthKobo: 7_000_000n };
    const used = usedBy({ ORGANIZATION: seventy, GROUP: seventy });
    expect(messages([weekly, monthly], facts({ used }))).toEqual([]);
    // The vehicle's own use does not count against the organization's or the group's limits.
    expect(messages([weekly, monthly], facts({ used: usedBy({ VEHICLE: seventy }), litres: 99 }))).toEqual([]);
    expect(messages([weekly, monthly], facts({ used, litres: 30.5, amountKobo: 3_000_001n }))).toEqual([
      '70 L already used this week and 30.5 L requested; the limit is 100 L a week (organization policy)',
      '₦70,000.00 already spent this month and this fill costs ₦30,000.01; the budget is ₦100,000.00 a month (group Logistics policy)',
    ]);
  });

  it('checks the station, its state, the fuel and the insurance', () => {
    expect(messages([policy({ rule: 'ALLOWED_STATIONS', value: ['station-b'] })], facts())).toEqual([
      'Unity Fuels Ikeja is not one of the stations allowed (organization policy)',
    ]);
    expect(messages([policy({ rule: 'ALLOWED_STATES', value: ['Ogun', 'Oyo'] })], facts())).toEqual([
      'Unity Fuels Ikeja is in Lagos; fuel is allowed in Ogun, Oyo only (organization policy)',
    ]);
    expect(messages([policy({ rule: 'ALLOWED_STATES', value: ['Lagos'] })], facts())).toEqual([]);
    expect(messages([policy({ rule: 'FUEL_TYPE_MATCHES_ASSET', value: true })], facts({ fuelType: 'DIESEL' }))).toEqual([
      'LAG-123-AB takes PETROL, not DIESEL (organization policy)',
    ]);
    const insured = policy({ rule: 'VALID_INSURANCE', value: true });
    expect(messages([insured], facts({ supplyDate: '2026-12-31' }))).toEqual([]);
    expect(messages([insured], facts({ supplyDate: '2027-01-01' }))).toEqual([
      'LAG-123-AB has no valid insurance on 1 Jan 2027 (organization policy)',
    ]);
  });

  it('judges at each step only what that step knows: no hours before the pump, only money and insurance at approval', () => {
    const hours = policy({ rule: 'ALLOWED_HOURS', value: { from: '06:00', to: '07:00' } });
    const perFill = policy({ rule: 'MAX_LITRES_PER_FILL', value: 1 });
    const weekly = policy({ rule: 'WEEKLY_LITRES', value: 1 });
    expect(policyBreaches([hours, perFill, weekly], facts({ step: 'REQUEST' })).map((b) => b.rule)).toEqual([
      'MAX_LITRES_PER_FILL',
      'WEEKLY_LITRES',
    ]);
    expect(policyBreaches([hours, perFill, weekly], facts({ step: 'APPROVAL' })).map((b) => b.rule)).toEqual(['WEEKLY_LITRES']);
    expect(policyBreaches([hours, perFill, weekly], facts({ step: 'REDEMPTION' })).map((b) => b.rule)).toEqual([
      'ALLOWED_HOURS',
      'MAX_LITRES_PER_FILL',
      'WEEKLY_LITRES',
    ]);
  });

  it('lists HARD breaches before SOFT ones, whatever the policies’ order', () => {
    const soft = policy({ rule: 'MAX_LITRES_PER_FILL', value: 1 }, undefined, 'SOFT');
    const hard = policy({ rule: 'WEEKLY_LITRES', value: 1 });
    expect(policyBreaches([soft, hard], facts()).map((b) => b.enforcement)).toEqual(['HARD', 'SOFT']);
  });
});

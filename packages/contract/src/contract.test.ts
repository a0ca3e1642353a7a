import { describe, expect, it } from 'vitest';
import { formatNaira, formatWholeNaira, koboToNaira, nairaSchema, nairaToKobo } from './money.js';
import { businessDate, calendarDay, lagosDateTime, lagosDay, readableDates } from './dates.js';
import { normalizeNigerianPhone, normalizeUsername } from './identity.js';
import { landingPath, menuFor } from './permissions.js';
import { NIGERIAN_LOCATIONS, TANK_LEVELS, tankLevelLabel } from './enums.js';

describe('money', () => {
  it('converts naira to kobo exactly, without float error', () => {
    expect(nairaToKobo(0.1)).toBe(10n);
    expect(nairaToKobo(0.29)).toBe(29n);
    expect(nairaToKobo(1234567.89)).toBe(123456789n);
    expect(nairaToKobo('12.5')).toBe(1250n);
    expect(nairaToKobo(-3.05)).toBe(-305n);
    expect(() => nairaToKobo(1.005)).toThrow(RangeError);
    expect(() => nairaToKobo(Number.NaN)).toThrow(RangeError);
  });

  it('converts kobo back to naira', () => {
    expect(koboToNaira(123456789n)).toBe(1234567.89);
    expect(koboToNaira('5')).toBe(0.05);
    expect(koboToNaira(-305n)).toBe(-3.05);
  });

  it('writes kobo as naira exactly, with separators and two decimals', () => {
    expect(formatNaira(123456789n)).toBe('₦1,234,567.89');
    expect(formatNaira('5')).toBe('₦0.05');
    expect(formatNaira(99_999_999_999_999n)).toBe('₦999,999,999,999.99');
    expect(formatNaira(-305n)).toBe('-₦3.05');
    expect(formatWholeNaira(1_000_000_000)).toBe('₦1,000,000,000');
  });

  it('accepts at most two decimals and no negative amount', () => {
    expect(nairaSchema.safeParse(10.25).success).toBe(true);
    expect(nairaSchema.safeParse(10.255).error?.issues[0]?.message).toBe('Please enter valid amount');
    expect(nairaSchema.safeParse(-1).success).toBe(false);
  });
});

describe('usernames', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['+234 803-123-4567', '+2348031234567'],
    ['2347031234567', '+2347031234567'],
    ['9051234567', '+2349051234567'],
  ])('normalizes %s', (input, expected) => {
    expect(normalizeNigerianPhone(input)).toBe(expected);
  });

  it('rejects what is not a Nigerian mobile number', () => {
    for (const input of ['12345', '0603 123 4567', '+44 7911 123456', '080312345678']) {
      expect(normalizeNigerianPhone(input), input).toBeNull();
    }
  });

  it('lower-cases e-mails and normalizes phones', () => {
    expect(normalizeUsername(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalizeUsername('08031234567')).toBe('+2348031234567');
    expect(normalizeUsername('not a user')).toBeNull();
  });
});

describe('permission table and menu (spec section 6)', () => {
  const labels = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((e) => e.label);
  /** The fleet's entries, in this order, for the platform admin and an organization's admins alike. */
  const FLEET_ENTRIES = ['Fuel Tracking', 'Maintenance', 'Assets', 'Drivers', 'Groups', 'Fuel Policies', 'Flags', 'Reports', 'Analytics'];
  it('gives each role exactly its entries', () => {
    expect(labels('ADMIN')).toEqual([
      'Dashboard',
      'Clients',
      'Fuel Stations',
      ...FLEET_ENTRIES,
      'Audit Log',
      'Messages',
      'Support',
      'Settings',
    ]);
    expect(labels('ADMINISTRATOR')).toEqual(['Dashboard', 'Wallet', ...FLEET_ENTRIES, 'Billing', 'Audit Log', 'Support', 'Settings']);
    // The assistant has everything the organization admin has except the audit log.
    expect(labels('ASST_ADMINISTRATOR')).toEqual(labels('ADMINISTRATOR').filter((label) => label !== 'Audit Log'));
    expect(labels('STATION_REP')).toEqual(['Dashboard', 'Wallet', 'Fuel Tracking', 'Maintenance', 'Audit Log', 'Support', 'Settings']);
    expect(labels('DRIVER')).toEqual(['Dashboard', 'Support', 'Settings']);
    expect(labels('ATTENDANT')).toEqual(['Dashboard', 'Support', 'Settings']);
  });

  it('lands ADMIN on /admin and STATION_REP on /stations', () => {
    expect(landingPath('ADMIN')).toBe('/admin');
    expect(landingPath('STATION_REP')).toBe('/stations');
    expect(landingPath('DRIVER')).toBe('/');
  });
});

describe('constants of spec section 9', () => {
  it('has 37 locations and tank levels 0 to 70', () => {
    expect(NIGERIAN_LOCATIONS).toHaveLength(37);
    expect(NIGERIAN_LOCATIONS).toContain('FCT - Abuja');
    expect(TANK_LEVELS).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(TANK_LEVELS.map(tankLevelLabel)).toEqual(['Empty', '1/10', '2/10', '3/10', '4/10', '5/10', '6/10', '7/10']);
  });
});

describe('dates', () => {
  it('writes instants in Lagos time whatever the zone of the machine', () => {
    // 23:30 UTC on 30 Sep is 00:30 on 1 Oct in Lagos (UTC+1).
    const lateUtc = new Date('2026-09-30T23:30:00Z');
    expect(lagosDay(lateUtc)).toBe('1 Oct 2026');
    expect(lagosDateTime(lateUtc)).toBe('1 Oct 2026, 00:30');
    expect(businessDate(lateUtc)).toBe('2026-10-01');
    expect(lagosDay(new Date('2026-09-15T12:00:00Z'))).toBe('15 Sep 2026');
  });

  it('reads the Lagos clock as the tz database does, before and after 1919 and at the change', () => {
    const tzDatabase = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    // "31 Aug 1919, 23:59" from the database's parts.
    const expected = (instant: Date) => {
      const parts = Object.fromEntries(tzDatabase.formatToParts(instant).map((part) => [part.type, part.value]));
      return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}, ${parts.hour}:${parts.minute}`;
    };
    const instants = [
      '1905-01-01T00:00:00Z', // local mean time, +00:13:35
      '1914-06-01T12:00:00Z', // +00:30
      '1919-08-31T23:29:00Z', // the last minute of +00:30
      '1919-08-31T23:30:00Z', // West Africa Time from here on
      '1970-01-01T00:00:00Z',
      '2026-12-31T23:00:00Z', // a new year in Lagos an hour before UTC's
      '2028-02-28T23:30:00Z', // a leap day
      '2099-06-30T23:59:00Z',
    ].map((text) => new Date(text));
    // And a spread of minutes over a century and a half, the same every run.
    for (let step = 0; step < 500; step += 1) instants.push(new Date(Date.UTC(1919, 8, 1) + step * 9_876_543_211));
    for (const instant of instants) expect(lagosDateTime(instant), instant.toISOString()).toBe(expected(instant));
  });

  it('writes calendar days as they are, and every bare day in a sentence', () => {
    expect(calendarDay('2026-11-23')).toBe('23 Nov 2026');
    expect(calendarDay('2026-13-01')).toBe('2026-13-01');
    expect(calendarDay('not a date')).toBe('not a date');
    expect(readableDates('Insurance expires on 2026-12-01; see 2026-12-01T10:00')).toBe(
      'Insurance expires on 1 Dec 2026; see 2026-12-01T10:00',
    );
  });
});

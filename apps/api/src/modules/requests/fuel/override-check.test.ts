import { describe, expect, it } from 'vitest';
import { SMS_MAX_LENGTH } from '../../../platform/sms/sms.js';
import { overrideText } from './override-check.js';

describe('the text asking for an override', () => {
  it('names the station, the plate and the litres, and where to approve', () => {
    expect(overrideText('Unity Fuels Ikeja', 'APP-220-XA', 25)).toBe(
      'FleetFuel: override needed at Unity Fuels Ikeja for APP-220-XA, 25 L. Approve in FleetFuel > Flags.',
    );
  });

  it('cuts a long station name so that it stays one SMS', () => {
    const text = overrideText('Unity Fuels '.repeat(20), 'APP-220-XA', 1234.5);
    expect(text).toHaveLength(SMS_MAX_LENGTH);
    expect(text).toMatch(
      /^FleetFuel: override needed at Unity Fuels .*\.\.\. for APP-220-XA, 1,234\.5 L\. Approve in FleetFuel > Flags\.$/,
    );
  });
});

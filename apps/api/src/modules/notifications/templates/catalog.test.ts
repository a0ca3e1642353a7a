/**
 * The catalog is whole (every message in every language, every parameter said), texts fit two SMS
 * parts with the longest realistic values, folded or not, and English reads word for word as
 * before the messages were translated.
 */
import { LANGUAGES, type Language } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { smsEncoding, smsSize } from '../../../platform/sms/segments.js';
import { MAIL_TEMPLATES, framedMail, renderMail, renderText, type TemplatedMail, type TemplatedText } from './catalog.js';
import { invitationMail, invitationTexts, passwordResetMail } from './account-messages.js';
import { TEXT_TEMPLATES } from './texts.js';

/**
 * A long station name: a text with a naira amount or Yoruba, Hausa or Igbo letters holds 134
 * characters (UCS-2), so the name may be cut, but never below its first 15 characters.
 */
const STATION = 'Conoil Mega Station Lekki-Epe Expressway';
const STATION_SHOWN = STATION.slice(0, 15);
const FAR_TOO_LONG = 'Greenline Energy Lekki Phase One Admiralty Way Mega Station and Convenience Store Number Two '.repeat(3);
// 23:30 UTC is 00:30 the next day in Lagos: September's name is the longest in Yoruba.
const EXPIRES = '2026-09-28T23:30:00.000Z';

type Sample<M> = { message: M; shows: string[] };

const TEXT_SAMPLES: { [K in TemplatedText['template']]: Sample<Extract<TemplatedText, { template: K }>> } = {
  fuelCoupon: {
    message: {
      template: 'fuelCoupon',
      params: { code: 'ABCD-EFGH', litres: 999.99, fuelType: 'PETROL', plate: 'LND-451-KJ', station: STATION, expiresAt: EXPIRES },
    },
    shows: ['ABCD-EFGH', '999.99 L', 'LND-451-KJ', STATION_SHOWN, '2026, 00:30'],
  },
  fuelReceipt: {
    message: {
      template: 'fuelReceipt',
      params: {
        code: 'ABCD-EFGH',
        litres: 999.99,
        fuelType: 'DIESEL',
        plate: 'LND-451-KJ',
        station: STATION,
        amountKobo: '123456789',
        at: EXPIRES,
      },
    },
    shows: ['ABCD-EFGH', '999.99 L', 'LND-451-KJ', STATION_SHOWN, '₦1,234,567.89', '2026, 00:30'],
  },
  confirmationCode: {
    message: {
      template: 'confirmationCode',
      params: { code: '042917', litres: 999.99, fuelType: 'ELECTRIC', plate: 'LND-451-KJ', station: STATION, minutes: 10 },
    },
    shows: ['042917', '999.99 kWh', 'LND-451-KJ', STATION_SHOWN, '10'],
  },
  overrideNeeded: {
    message: { template: 'overrideNeeded', params: { station: STATION, plate: 'LND-451-KJ', litres: 999.99, fuelType: 'CNG' } },
    shows: [STATION_SHOWN, 'LND-451-KJ', '999.99 kg'],
  },
};

const fuel = { plate: 'LND-451-KJ', litres: 40, fuelType: 'PETROL' as const };
const MAIL_SAMPLES: { [K in TemplatedMail['template']]: Sample<Extract<TemplatedMail, { template: K }>> } = {
  fuelApproved: {
    message: {
      template: 'fuelApproved',
      params: { ...fuel, station: 'Unity Fuels Ikeja', supplyDate: '2026-11-23', code: 'ABCD-EFGH', expiresAt: '2026-11-26T22:59:00.000Z' },
    },
    shows: ['LND-451-KJ', '40 L', 'Unity Fuels Ikeja', '23 ', '2026', 'ABCD-EFGH', '26 ', '23:59'],
  },
  fuelRejected: {
    message: { template: 'fuelRejected', params: { ...fuel, supplyDate: '2026-11-23', note: 'Tank still half full' } },
    shows: ['LND-451-KJ', '40 L', '23 ', 'Tank still half full'],
  },
  couponRedeemed: {
    message: { template: 'couponRedeemed', params: { ...fuel, station: 'Unity Fuels Ikeja', amountKobo: '3657500' } },
    shows: ['LND-451-KJ', '40 L', 'Unity Fuels Ikeja', '₦36,575.00'],
  },
  budgetAlert: {
    message: {
      template: 'budgetAlert',
      params: { ...fuel, percent: 80, weekly: true, budgetKobo: '15000000', limitLitres: null, scope: 'GROUP', scopeName: 'Logistics' },
    },
    shows: ['80%', '₦150,000.00', 'Logistics', '40 L', 'LND-451-KJ'],
  },
  overrideNeededMail: {
    message: { template: 'overrideNeededMail', params: { ...fuel, station: 'Unity Fuels Ikeja', breaches: 'More than 30 L a fill' } },
    shows: ['LND-451-KJ', '40 L', 'Unity Fuels Ikeja', 'More than 30 L a fill'],
  },
  maintenanceApproved: {
    message: {
      template: 'maintenanceApproved',
      params: { plate: 'LND-451-KJ', description: 'Brake pads', serviceDate: '2026-11-23', station: 'Unity Autos', code: 'WXYZ-2345' },
    },
    shows: ['LND-451-KJ', 'Brake pads', '23 ', 'Unity Autos', 'WXYZ-2345'],
  },
  maintenanceRejected: {
    message: { template: 'maintenanceRejected', params: { plate: 'LND-451-KJ', description: 'Brake pads', note: 'Too dear' } },
    shows: ['LND-451-KJ', 'Brake pads', 'Too dear'],
  },
  walletFunded: {
    message: { template: 'walletFunded', params: { amountKobo: '50000050', reference: 'PSK-991' } },
    shows: ['₦500,000.50', 'PSK-991'],
  },
  supportReply: {
    message: { template: 'supportReply', params: { subject: 'Coupon not working', message: 'Try it again now.' } },
    shows: ['Coupon not working', 'Try it again now.'],
  },
  expiryWarnings: {
    message: {
      template: 'expiryWarnings',
      params: { items: [{ label: 'LND-451-KJ', paper: 'insurance', expired: true, day: '2026-11-03' }] },
    },
    shows: ['LND-451-KJ', '3 ', '2026'],
  },
  subscriptionDue: {
    message: { template: 'subscriptionDue', params: { plan: 'Gold', organization: 'Acme Logistics', due: '2026-12-01', expired: false } },
    shows: ['Gold', 'Acme Logistics', '2026'],
  },
  dailyDigest: {
    message: {
      template: 'dailyDigest',
      params: {
        organization: 'Acme Logistics',
        day: '2026-11-23',
        total: 12,
        sections: [{ kind: 'SERVICE_DUE', count: 12, lines: ['- VAN-1: No service recorded in 90 days'], more: 11 }],
        appUrl: 'https://fleet.example',
      },
    },
    shows: ['Acme Logistics', '12', '- VAN-1: No service recorded in 90 days', '11', 'https://fleet.example'],
  },
};

describe('the catalog', () => {
  it('has every message in every language, and a sample of each here', () => {
    for (const [key, template] of Object.entries(MAIL_TEMPLATES)) {
      expect(Object.keys(template).sort(), key).toEqual([...LANGUAGES].sort());
    }
    for (const [key, template] of Object.entries(TEXT_TEMPLATES)) {
      expect(Object.keys(template.render).sort(), key).toEqual([...LANGUAGES].sort());
    }
    expect(Object.keys(MAIL_SAMPLES).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
    expect(Object.keys(TEXT_SAMPLES).sort()).toEqual(Object.keys(TEXT_TEMPLATES).sort());
  });

  it.each(LANGUAGES)('says every parameter of every e-mail in %s, and never "undefined"', (language) => {
    for (const { message, shows } of Object.values(MAIL_SAMPLES)) {
      const { subject, text } = renderMail(message, language);
      const whole = `${subject}\n${text}`;
      for (const shown of shows) expect(whole, `${message.template} (${language})`).toContain(shown);
      expect(whole).not.toMatch(/undefined|null|NaN|\[object/);
      expect(subject.length, message.template).toBeLessThan(120);
    }
  });

  it.each(LANGUAGES)('fits every text in %s into two SMS parts with the longest values, folded or not', (language) => {
    for (const { message, shows } of Object.values(TEXT_SAMPLES)) {
      const text = renderText(message, language, { ascii: false });
      expect(smsSize(text).segments, `${message.template} (${language}): ${text}`).toBeLessThanOrEqual(2);
      for (const shown of shows) expect(text, `${message.template} (${language})`).toContain(shown);
      const folded = renderText(message, language, { ascii: true });
      expect(smsEncoding(folded), folded).toBe('GSM-7');
      expect(smsSize(folded).segments, folded).toBeLessThanOrEqual(2);
      expect(folded).toContain(message.template === 'fuelReceipt' ? 'N1,234,567.89' : 'LND-451-KJ');
    }
  });

  it.each(LANGUAGES)('cuts a station name far too long in %s, keeping the code and the expiry', (language) => {
    const { message } = TEXT_SAMPLES.fuelCoupon;
    for (const ascii of [false, true]) {
      const text = renderText({ ...message, params: { ...message.params, station: FAR_TOO_LONG } }, language, { ascii });
      expect(smsSize(text).segments, text).toBe(2);
      expect(text).toContain('ABCD-EFGH');
      expect(text).toContain(ascii ? '...' : '…');
      expect(text).toContain('2026, 00:30');
    }
  });

  it('words dates with its own month names, whatever locale data the runtime has', () => {
    const coupon = (language: Language) => renderText(TEXT_SAMPLES.fuelCoupon.message, language, { ascii: false });
    // Texts abbreviate the month (each letter costs); e-mails write it whole.
    expect(coupon('en')).toContain('29 Sep 2026, 00:30');
    expect(coupon('ha')).toContain('29 Sat 2026, 00:30');
    expect(coupon('yo')).toContain('29 Sẹt 2026, 00:30');
    expect(coupon('ig')).toContain('29 Sep 2026, 00:30');
    const approved = (language: Language) => renderMail(MAIL_SAMPLES.fuelApproved.message, language).text;
    expect(approved('en')).toContain('23 Nov 2026');
    expect(approved('ha')).toContain('23 Nuwamba 2026');
    expect(approved('yo')).toContain('23 Nọ́fẹ́ńbà 2026');
    expect(approved('ig')).toContain('23 Novemba 2026');
  });

  it('frames e-mails with a greeting and a sign-off in the language', () => {
    expect(framedMail('en', 'Ada', 'Body.', 'https://x')).toBe(
      'Hello Ada,\n\nBody.\n\nFleetFuel — https://x\n(You can choose which e-mails you receive under Account Settings > Notification.)\n',
    );
    expect(framedMail('ha', 'Musa', 'Body.', 'https://x')).toMatch(/^Sannu Musa,\n\nBody\.\n\nFleetFuel — https:\/\/x\n\(Kana iya zaɓar/);
  });
});

describe('English, word for word as before the translations', () => {
  it('texts the coupon, the receipt, the one-time code and the override', () => {
    const at = '2026-11-26T22:59:00.000Z';
    const base = { code: 'ABCD-EFGH', litres: 40, fuelType: 'PETROL' as const, plate: 'LND-451-KJ', station: 'Unity Fuels Ikeja' };
    expect(renderText({ template: 'fuelCoupon', params: { ...base, expiresAt: at } }, 'en', { ascii: false })).toBe(
      'FleetFuel coupon ABCD-EFGH: 40 L of PETROL for LND-451-KJ at Unity Fuels Ikeja. Valid until 26 Nov 2026, 23:59.',
    );
    expect(
      renderText({ template: 'fuelReceipt', params: { ...base, litres: 38.5, amountKobo: '3657500', at: '2026-11-23T13:05:00Z' } }, 'en', {
        ascii: false,
      }),
    ).toBe(
      'FleetFuel receipt: 38.5 L of PETROL for LND-451-KJ at Unity Fuels Ikeja, 23 Nov 2026, 14:05. Paid ₦36,575.00. Coupon ABCD-EFGH.',
    );
    expect(renderText({ template: 'confirmationCode', params: { ...base, code: '042917', minutes: 10 } }, 'en', { ascii: false })).toBe(
      'FleetFuel code 042917 confirms 40 L of PETROL for LND-451-KJ at Unity Fuels Ikeja. Valid 10 minutes. Give it only to the attendant.',
    );
    expect(
      renderText(
        { template: 'overrideNeeded', params: { station: 'Unity Fuels Ikeja', plate: 'APP-220-XA', litres: 25, fuelType: 'PETROL' } },
        'en',
        {
          ascii: false,
        },
      ),
    ).toBe('FleetFuel: override needed at Unity Fuels Ikeja for APP-220-XA, 25 L. Approve in FleetFuel > Flags.');
  });

  it('mails a budget alert', () => {
    expect(renderMail(MAIL_SAMPLES.budgetAlert.message, 'en')).toEqual({
      subject: 'Fuel budget 80% used (group Logistics policy)',
      text: 'The weekly fuel budget of ₦150,000.00 (group Logistics policy) is 80% used after approving 40 L for LND-451-KJ. See Fuel Policies for what is left.',
    });
    const litres = { ...MAIL_SAMPLES.budgetAlert.message.params, percent: 100 as const, weekly: false, budgetKobo: null, limitLitres: 500 };
    expect(
      renderMail(
        { template: 'budgetAlert', params: { ...litres, scope: 'ORGANIZATION', scopeName: null, litres: 20, plate: 'APP-220-XA' } },
        'en',
      ).text,
    ).toBe(
      'The monthly limit of 500 L (organization policy) is used up after approving 20 L for APP-220-XA. See Fuel Policies for what is left.',
    );
  });
});

describe('the messages about signing in', () => {
  it.each(LANGUAGES)('in %s: a reset e-mail and an invitation with the link, as text and HTML', (language) => {
    const link = 'https://fleet.example/reset-password?token=abc';
    const reset = passwordResetMail(language, 'Adé <Ọlá>', link);
    expect(reset.text).toContain(link);
    expect(reset.html).toContain(`href="${link}"`);
    expect(reset.html).toContain('Ad&#233;'.length > 0 ? '&#60;' : '');
    const invitation = invitationMail(language, { name: 'Musa', link, again: true, days: 7 });
    expect(invitation.text).toContain('7');
    expect(invitation.text).toContain(link);
    for (const text of invitationTexts(language, { link, again: false, days: 7 })) expect(text).toContain(link);
  });

  it('keeps the English of the reset e-mail', () => {
    expect(passwordResetMail('en', 'Ada', 'https://x/r').text).toBe(
      'Hello Ada,\n\nSomeone asked to reset the password of your FleetFuel account. Open this link within 1 hour to choose a new one:\n\nhttps://x/r\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n',
    );
  });
});

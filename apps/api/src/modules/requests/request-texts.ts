/**
 * The text messages a driver gets about a fuel request (issue 13): the coupon when it is approved,
 * the one-time code that confirms its redemption when the organization asks for one, and the
 * receipt when it is redeemed. One SMS each: a long station name is shortened so that the
 * code, the volume and the expiry always fit.
 */
import { SMS_MAX_LENGTH } from '../../platform/sms/sms.js';

/** Fills `template` with the station's name, cut with an ellipsis when the whole would not fit one SMS. */
function fitted(template: (station: string) => string, station: string): string {
  const whole = template(station);
  if (whole.length <= SMS_MAX_LENGTH) return whole;
  const room = Math.max(SMS_MAX_LENGTH - template('').length - 1, 0);
  return template(`${station.slice(0, room)}…`);
}

export function couponText(coupon: { code: string; volume: string; plate: string; station: string; expires: string }): string {
  return fitted(
    (station) => `FleetFuel coupon ${coupon.code}: ${coupon.volume} for ${coupon.plate} at ${station}. Valid until ${coupon.expires}.`,
    coupon.station,
  );
}

export function receiptText(receipt: { code: string; volume: string; plate: string; station: string; amount: string; at: string }): string {
  return fitted(
    (station) =>
      `FleetFuel receipt: ${receipt.volume} for ${receipt.plate} at ${station}, ${receipt.at}. Paid ${receipt.amount}. Coupon ${receipt.code}.`,
    receipt.station,
  );
}

/** The one-time code the attendant asks for when the organization requires the driver's confirmation. */
export function confirmationCodeText(confirmation: {
  code: string;
  volume: string;
  plate: string;
  station: string;
  minutes: number;
}): string {
  return fitted(
    (station) =>
      `FleetFuel code ${confirmation.code} confirms ${confirmation.volume} for ${confirmation.plate} at ${station}. Valid ${confirmation.minutes} minutes. Give it only to the attendant.`,
    confirmation.station,
  );
}

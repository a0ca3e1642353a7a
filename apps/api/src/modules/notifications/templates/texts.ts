/**
 * The texts (SMS) FleetFuel sends, in each language: the driver's coupon, its one-time
 * confirmation code and receipt, and the manager's call to approve an override at the pump. Each
 * must fit two SMS parts with the longest realistic values (texts.test.ts); `shortens` names the
 * parameter (a station's name) cut with an ellipsis when a text would not. English is word for word
 * what drivers got before the texts were translated.
 */
import type { Language, SoldFuelType } from '@fleetfuel/contract';
import { dateTimeIn, money, quantity, volumeIn } from './wording.js';

export interface TextTemplate<P> {
  /** The parameter shortened, never dropped, when the whole text would not fit. */
  shortens: keyof P & string;
  render: Record<Language, (params: P) => string>;
}

const textTemplate = <P>(template: TextTemplate<P>): TextTemplate<P> => template;

interface FuelAtStation {
  code: string;
  litres: number;
  fuelType: SoldFuelType;
  plate: string;
  station: string;
}

const fuelCoupon = textTemplate<FuelAtStation & { expiresAt: string }>({
  shortens: 'station',
  render: {
    en: (p) =>
      `FleetFuel coupon ${p.code}: ${volumeIn('en', p.litres, p.fuelType)} for ${p.plate} at ${p.station}. Valid until ${dateTimeIn('en', p.expiresAt)}.`,
    pcm: (p) =>
      `FleetFuel coupon ${p.code}: ${volumeIn('pcm', p.litres, p.fuelType)} for ${p.plate} for ${p.station}. E go expire ${dateTimeIn('pcm', p.expiresAt, 'short')}.`,
    ha: (p) =>
      `FleetFuel coupon ${p.code}: ${volumeIn('ha', p.litres, p.fuelType)} don ${p.plate} a ${p.station}. Zai ƙare ${dateTimeIn('ha', p.expiresAt, 'short')}.`,
    yo: (p) =>
      `Coupon FleetFuel ${p.code}: ${volumeIn('yo', p.litres, p.fuelType)} fún ${p.plate} ní ${p.station}. Yóò parí ${dateTimeIn('yo', p.expiresAt, 'short')}.`,
    ig: (p) =>
      `Coupon FleetFuel ${p.code}: ${volumeIn('ig', p.litres, p.fuelType)} maka ${p.plate} na ${p.station}. Ọ ga-agwụ ${dateTimeIn('ig', p.expiresAt, 'short')}.`,
  },
});

const fuelReceipt = textTemplate<FuelAtStation & { amountKobo: string; at: string }>({
  shortens: 'station',
  render: {
    en: (p) =>
      `FleetFuel receipt: ${volumeIn('en', p.litres, p.fuelType)} for ${p.plate} at ${p.station}, ${dateTimeIn('en', p.at)}. Paid ${money(p.amountKobo)}. Coupon ${p.code}.`,
    pcm: (p) =>
      `FleetFuel receipt: ${volumeIn('pcm', p.litres, p.fuelType)} for ${p.plate} for ${p.station}, ${dateTimeIn('pcm', p.at, 'short')}. Paid ${money(p.amountKobo)}. Coupon ${p.code}.`,
    ha: (p) =>
      `Rasit FleetFuel: ${volumeIn('ha', p.litres, p.fuelType)} don ${p.plate} a ${p.station}, ${dateTimeIn('ha', p.at, 'short')}. An biya ${money(p.amountKobo)}. Coupon ${p.code}.`,
    yo: (p) =>
      `Rìsíìtì FleetFuel: ${volumeIn('yo', p.litres, p.fuelType)} fún ${p.plate} ní ${p.station}, ${dateTimeIn('yo', p.at, 'short')}. Owó ${money(p.amountKobo)}. Coupon ${p.code}.`,
    ig: (p) =>
      `Risiti FleetFuel: ${volumeIn('ig', p.litres, p.fuelType)} maka ${p.plate} na ${p.station}, ${dateTimeIn('ig', p.at, 'short')}. Akwụọla ${money(p.amountKobo)}. Coupon ${p.code}.`,
  },
});

const confirmationCode = textTemplate<FuelAtStation & { minutes: number }>({
  shortens: 'station',
  render: {
    en: (p) =>
      `FleetFuel code ${p.code} confirms ${volumeIn('en', p.litres, p.fuelType)} for ${p.plate} at ${p.station}. Valid ${p.minutes} minutes. Give it only to the attendant.`,
    pcm: (p) =>
      `FleetFuel code ${p.code} na for ${volumeIn('pcm', p.litres, p.fuelType)} for ${p.plate} for ${p.station}. E go work ${p.minutes} minutes. Give am only to the attendant.`,
    ha: (p) =>
      `Lambar FleetFuel ${p.code} ta tabbatar da ${volumeIn('ha', p.litres, p.fuelType)} don ${p.plate} a ${p.station}. Tana aiki minti ${p.minutes}. Ka ba mai bada mai kawai.`,
    yo: (p) =>
      `Kóòdù FleetFuel ${p.code} jẹ́rìí ${volumeIn('yo', p.litres, p.fuelType)} fún ${p.plate} ní ${p.station}. Ó wà fún ìṣẹ́jú ${p.minutes}. Fún olùta epo nìkan.`,
    ig: (p) =>
      `Koodu FleetFuel ${p.code} kwadoro ${volumeIn('ig', p.litres, p.fuelType)} maka ${p.plate} na ${p.station}. Nkeji ${p.minutes}. Nye ya naanị onye na-ere mmanụ.`,
  },
});

const overrideNeeded = textTemplate<{ station: string; plate: string; litres: number; fuelType: SoldFuelType }>({
  shortens: 'station',
  render: {
    en: (p) =>
      `FleetFuel: override needed at ${p.station} for ${p.plate}, ${quantity(p.litres, p.fuelType)}. Approve in FleetFuel > Flags.`,
    pcm: (p) =>
      `FleetFuel: dem need your OK for ${p.station} for ${p.plate}, ${quantity(p.litres, p.fuelType)}. Approve am for FleetFuel > Flags.`,
    ha: (p) =>
      `FleetFuel: ana bukatar izininka a ${p.station} don ${p.plate}, ${quantity(p.litres, p.fuelType)}. Amince a FleetFuel > Flags.`,
    yo: (p) =>
      `FleetFuel: a nílò àṣẹ rẹ ní ${p.station} fún ${p.plate}, ${quantity(p.litres, p.fuelType)}. Fọwọ́ sí i ní FleetFuel > Flags.`,
    ig: (p) =>
      `FleetFuel: a chọrọ nkwado gị na ${p.station} maka ${p.plate}, ${quantity(p.litres, p.fuelType)}. Kwado ya na FleetFuel > Flags.`,
  },
});

export const TEXT_TEMPLATES = { fuelCoupon, fuelReceipt, confirmationCode, overrideNeeded } as const;
export type TextTemplateKey = keyof typeof TEXT_TEMPLATES;
type TextParams<K extends TextTemplateKey> = (typeof TEXT_TEMPLATES)[K] extends TextTemplate<infer P> ? P : never;
/** A text as the outbox keeps it: which template, with which values; worded when it is sent. */
export type TemplatedText = { [K in TextTemplateKey]: { template: K; params: TextParams<K> } }[TextTemplateKey];

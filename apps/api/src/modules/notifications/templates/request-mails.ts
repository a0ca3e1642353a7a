/**
 * The e-mails about fuel and maintenance requests, in each language: decisions, redemptions,
 * budget alerts and the managers' call to approve an override. English is word for word what was
 * sent before the e-mails were translated. The greeting and sign-off are added (`mail-frame.ts`).
 */
import type { Language, PolicyScopeType, SoldFuelType } from '@fleetfuel/contract';
import { formatNumber } from '../../../platform/number-format.js';
import { dateTimeIn, dayIn, money, quantity, volumeIn } from './wording.js';

export interface MailContent {
  subject: string;
  text: string;
}

export type MailTemplate<P> = Record<Language, (params: P) => MailContent>;
export const mailTemplate = <P>(template: MailTemplate<P>): MailTemplate<P> => template;

type Fuel = {
  plate: string;
  litres: number;
  fuelType: SoldFuelType;
};

const fuelApproved = mailTemplate<Fuel & { station: string; supplyDate: string; code: string; expiresAt: string }>({
  en: (p) => ({
    subject: `Fuel approved for ${p.plate}`,
    text: `Your request for ${quantity(p.litres, p.fuelType)} of ${p.fuelType} at ${p.station} on ${dayIn('en', p.supplyDate)} was approved. Coupon code: ${p.code}. Download the coupon from Fuel Tracking; it is valid until ${dateTimeIn('en', p.expiresAt)}.`,
  }),
  pcm: (p) => ({
    subject: `Dem don approve fuel for ${p.plate}`,
    text: `Dem don approve your request for ${volumeIn('pcm', p.litres, p.fuelType)} for ${p.station} on ${dayIn('pcm', p.supplyDate)}. Coupon code: ${p.code}. Download the coupon for Fuel Tracking; e go expire ${dateTimeIn('pcm', p.expiresAt)}.`,
  }),
  ha: (p) => ({
    subject: `An amince da mai don ${p.plate}`,
    text: `An amince da buƙatarka ta ${volumeIn('ha', p.litres, p.fuelType)} a ${p.station} ranar ${dayIn('ha', p.supplyDate)}. Lambar coupon: ${p.code}. Sauke coupon daga Fuel Tracking; zai ƙare ${dateTimeIn('ha', p.expiresAt)}.`,
  }),
  yo: (p) => ({
    subject: `A ti fọwọ́ sí epo fún ${p.plate}`,
    text: `A ti fọwọ́ sí ìbéèrè rẹ fún ${volumeIn('yo', p.litres, p.fuelType)} ní ${p.station} ní ọjọ́ ${dayIn('yo', p.supplyDate)}. Kóòdù coupon: ${p.code}. Ṣe ìgbàsílẹ̀ coupon láti Fuel Tracking; yóò parí ${dateTimeIn('yo', p.expiresAt)}.`,
  }),
  ig: (p) => ({
    subject: `Akwadoro mmanụ maka ${p.plate}`,
    text: `Akwadoro arịrịọ gị maka ${volumeIn('ig', p.litres, p.fuelType)} na ${p.station} na ${dayIn('ig', p.supplyDate)}. Koodu coupon: ${p.code}. Budata coupon na Fuel Tracking; ọ ga-agwụ ${dateTimeIn('ig', p.expiresAt)}.`,
  }),
});

const noteIn = (label: string, note: string | null) => (note ? ` ${label}: ${note}` : '');

const fuelRejected = mailTemplate<Fuel & { supplyDate: string; note: string | null }>({
  en: (p) => ({
    subject: `Fuel request rejected for ${p.plate}`,
    text: `Your request for ${quantity(p.litres, p.fuelType)} of ${p.fuelType} on ${dayIn('en', p.supplyDate)} was rejected.${noteIn('Note', p.note)}`,
  }),
  pcm: (p) => ({
    subject: `Dem no approve fuel request for ${p.plate}`,
    text: `Dem no approve your request for ${volumeIn('pcm', p.litres, p.fuelType)} on ${dayIn('pcm', p.supplyDate)}.${noteIn('Note', p.note)}`,
  }),
  ha: (p) => ({
    subject: `An ƙi buƙatar mai don ${p.plate}`,
    text: `An ƙi buƙatarka ta ${volumeIn('ha', p.litres, p.fuelType)} ranar ${dayIn('ha', p.supplyDate)}.${noteIn('Bayani', p.note)}`,
  }),
  yo: (p) => ({
    subject: `A kọ̀ ìbéèrè epo fún ${p.plate}`,
    text: `A kọ̀ ìbéèrè rẹ fún ${volumeIn('yo', p.litres, p.fuelType)} ní ọjọ́ ${dayIn('yo', p.supplyDate)}.${noteIn('Àkíyèsí', p.note)}`,
  }),
  ig: (p) => ({
    subject: `Ajụrụ arịrịọ mmanụ maka ${p.plate}`,
    text: `Ajụrụ arịrịọ gị maka ${volumeIn('ig', p.litres, p.fuelType)} na ${dayIn('ig', p.supplyDate)}.${noteIn('Ndetu', p.note)}`,
  }),
});

const couponRedeemed = mailTemplate<Fuel & { station: string; amountKobo: string }>({
  en: (p) => ({
    subject: `Coupon redeemed: ${p.plate}`,
    text: `${volumeIn('en', p.litres, p.fuelType)} was dispensed for ${p.plate} at ${p.station}; ${money(p.amountKobo)} was paid from the wallet.`,
  }),
  pcm: (p) => ({
    subject: `Dem don use coupon: ${p.plate}`,
    text: `Dem don pump ${volumeIn('pcm', p.litres, p.fuelType)} for ${p.plate} for ${p.station}; ${money(p.amountKobo)} comot from the wallet.`,
  }),
  ha: (p) => ({
    subject: `An yi amfani da coupon: ${p.plate}`,
    text: `An zuba ${volumeIn('ha', p.litres, p.fuelType)} don ${p.plate} a ${p.station}; an biya ${money(p.amountKobo)} daga wallet.`,
  }),
  yo: (p) => ({
    subject: `A ti lo coupon: ${p.plate}`,
    text: `A ti pọn ${volumeIn('yo', p.litres, p.fuelType)} fún ${p.plate} ní ${p.station}; a san ${money(p.amountKobo)} láti inú wallet.`,
  }),
  ig: (p) => ({
    subject: `Ejiri coupon: ${p.plate}`,
    text: `Etinyere ${volumeIn('ig', p.litres, p.fuelType)} maka ${p.plate} na ${p.station}; a kwụrụ ${money(p.amountKobo)} site na wallet.`,
  }),
});

/** Which budget: a weekly or monthly one, in naira or in litres, of the organization or of a group, vehicle or driver. */
type Budget = {
  percent: 80 | 100;
  weekly: boolean;
  budgetKobo: string | null;
  limitLitres: number | null;
  scope: PolicyScopeType;
  scopeName: string | null;
};

const SCOPE_WORDS: Record<Language, Record<PolicyScopeType, string>> = {
  en: { ORGANIZATION: 'organization', GROUP: 'group', VEHICLE: 'vehicle', DRIVER: 'driver' },
  pcm: { ORGANIZATION: 'company', GROUP: 'group', VEHICLE: 'motor', DRIVER: 'driver' },
  ha: { ORGANIZATION: 'kamfani', GROUP: 'rukuni', VEHICLE: 'mota', DRIVER: 'direba' },
  yo: { ORGANIZATION: 'ilé-iṣẹ́', GROUP: 'ẹgbẹ́', VEHICLE: 'ọkọ̀', DRIVER: 'awakọ̀' },
  ig: { ORGANIZATION: 'ụlọ ọrụ', GROUP: 'otu', VEHICLE: 'ụgbọala', DRIVER: 'onye ọkwọ ụgbọala' },
};
const POLICY_WORD: Record<Language, string> = { en: 'policy', pcm: 'policy', ha: 'doka', yo: 'òfin', ig: 'iwu' };

/** "(organization policy)", "(group Lagos Vans policy)" as the policies module writes it in English. */
function source(language: Language, budget: Budget): string {
  const scope = SCOPE_WORDS[language][budget.scope];
  const name = budget.scope !== 'ORGANIZATION' && budget.scopeName ? ` ${budget.scopeName}` : '';
  return `(${scope}${name} ${POLICY_WORD[language]})`;
}

function limitIn(budget: Budget, litresWord: string): string {
  return budget.budgetKobo !== null ? money(budget.budgetKobo) : `${formatNumber(budget.limitLitres ?? 0, 2)} ${litresWord}`;
}

const budgetAlert = mailTemplate<Budget & Fuel>({
  en: (p) => ({
    subject: `Fuel budget ${p.percent === 100 ? 'used up' : '80% used'} ${source('en', p)}`,
    text: `${p.budgetKobo !== null ? `The ${p.weekly ? 'weekly' : 'monthly'} fuel budget of ${limitIn(p, 'L')}` : `The ${p.weekly ? 'weekly' : 'monthly'} limit of ${limitIn(p, 'L')}`} ${source('en', p)} ${p.percent === 100 ? 'is used up' : 'is 80% used'} after approving ${quantity(p.litres, p.fuelType)} for ${p.plate}. See Fuel Policies for what is left.`,
  }),
  pcm: (p) => ({
    subject: `Fuel budget ${p.percent === 100 ? 'don finish' : 'don reach 80%'} ${source('pcm', p)}`,
    text: `The ${p.weekly ? 'weekly' : 'monthly'} fuel budget of ${limitIn(p, 'L')} ${source('pcm', p)} ${p.percent === 100 ? 'don finish' : 'don reach 80%'} after dem approve ${quantity(p.litres, p.fuelType)} for ${p.plate}. Check Fuel Policies to see wetin remain.`,
  }),
  ha: (p) => ({
    subject: `Kasafin mai ${p.percent === 100 ? 'ya ƙare' : 'ya kai 80%'} ${source('ha', p)}`,
    text: `Kasafin mai na ${p.weekly ? 'mako' : 'wata'} na ${limitIn(p, 'L')} ${source('ha', p)} ${p.percent === 100 ? 'ya ƙare' : 'ya kai 80%'} bayan an amince da ${quantity(p.litres, p.fuelType)} don ${p.plate}. Duba Fuel Policies don ganin abin da ya rage.`,
  }),
  yo: (p) => ({
    subject: `Ìnáwó epo ${p.percent === 100 ? 'ti tán' : 'ti dé 80%'} ${source('yo', p)}`,
    text: `Ìnáwó epo ${p.weekly ? 'ọ̀sẹ̀' : 'oṣù'} ti ${limitIn(p, 'L')} ${source('yo', p)} ${p.percent === 100 ? 'ti tán' : 'ti dé 80%'} lẹ́yìn tí a fọwọ́ sí ${quantity(p.litres, p.fuelType)} fún ${p.plate}. Wo Fuel Policies fún ohun tó kù.`,
  }),
  ig: (p) => ({
    subject: `Mmefu mmanụ ${p.percent === 100 ? 'agwụla' : 'eruola 80%'} ${source('ig', p)}`,
    text: `Mmefu mmanụ nke ${p.weekly ? 'izu' : 'ọnwa'} nke ${limitIn(p, 'L')} ${source('ig', p)} ${p.percent === 100 ? 'agwụla' : 'eruola 80%'} mgbe akwadoro ${quantity(p.litres, p.fuelType)} maka ${p.plate}. Lee Fuel Policies maka ihe fọdụrụ.`,
  }),
});

/** `breaches`: what the fill breaks, as the policies module words it (in English). */
const overrideNeeded = mailTemplate<Fuel & { station: string; breaches: string }>({
  en: (p) => ({
    subject: `Override needed at ${p.station}: ${p.plate}`,
    text: `The attendant at ${p.station} is about to dispense ${quantity(p.litres, p.fuelType)} of ${p.fuelType} for ${p.plate}, which breaks: ${p.breaches}. Approve or decline it under Flags > Overrides; the attendant waits.`,
  }),
  pcm: (p) => ({
    subject: `Dem need your OK for ${p.station}: ${p.plate}`,
    text: `The attendant for ${p.station} wan pump ${volumeIn('pcm', p.litres, p.fuelType)} for ${p.plate}, but e break: ${p.breaches}. Approve or decline am for Flags > Overrides; the attendant dey wait.`,
  }),
  ha: (p) => ({
    subject: `Ana bukatar izini a ${p.station}: ${p.plate}`,
    text: `Mai bada mai a ${p.station} zai zuba ${volumeIn('ha', p.litres, p.fuelType)} don ${p.plate}, wanda ya saɓa: ${p.breaches}. Amince ko ki a Flags > Overrides; mai bada mai yana jira.`,
  }),
  yo: (p) => ({
    subject: `A nílò àṣẹ ní ${p.station}: ${p.plate}`,
    text: `Olùta epo ní ${p.station} fẹ́ pọn ${volumeIn('yo', p.litres, p.fuelType)} fún ${p.plate}, èyí tó rú: ${p.breaches}. Fọwọ́ sí i tàbí kọ̀ ọ́ ní Flags > Overrides; olùta epo ń dúró.`,
  }),
  ig: (p) => ({
    subject: `A chọrọ nkwado na ${p.station}: ${p.plate}`,
    text: `Onye na-ere mmanụ na ${p.station} chọrọ itinye ${volumeIn('ig', p.litres, p.fuelType)} maka ${p.plate}, nke mebiri: ${p.breaches}. Kwado ma ọ bụ jụ ya na Flags > Overrides; onye na-ere mmanụ na-eche.`,
  }),
});

const maintenanceApproved = mailTemplate<{
  plate: string;
  description: string;
  serviceDate: string;
  station: string | null;
  code: string | null;
}>({
  en: (p) => ({
    subject: `Maintenance approved for ${p.plate}`,
    text: `"${p.description}" on ${dayIn('en', p.serviceDate)} was approved${p.station ? ` at ${p.station}; the work order code is ${p.code ?? ''}` : ''}. The vehicle is now UNDER MAINTENANCE.`,
  }),
  pcm: (p) => ({
    subject: `Dem don approve repair for ${p.plate}`,
    text: `Dem don approve "${p.description}" on ${dayIn('pcm', p.serviceDate)}${p.station ? ` for ${p.station}; the work order code na ${p.code ?? ''}` : ''}. The motor dey UNDER MAINTENANCE now.`,
  }),
  ha: (p) => ({
    subject: `An amince da gyara don ${p.plate}`,
    text: `An amince da "${p.description}" ranar ${dayIn('ha', p.serviceDate)}${p.station ? ` a ${p.station}; lambar aikin ita ce ${p.code ?? ''}` : ''}. Motar tana UNDER MAINTENANCE yanzu.`,
  }),
  yo: (p) => ({
    subject: `A ti fọwọ́ sí àtúnṣe fún ${p.plate}`,
    text: `A ti fọwọ́ sí "${p.description}" ní ọjọ́ ${dayIn('yo', p.serviceDate)}${p.station ? ` ní ${p.station}; kóòdù iṣẹ́ náà ni ${p.code ?? ''}` : ''}. Ọkọ̀ náà wà ní UNDER MAINTENANCE báyìí.`,
  }),
  ig: (p) => ({
    subject: `Akwadoro nrụzi maka ${p.plate}`,
    text: `Akwadoro "${p.description}" na ${dayIn('ig', p.serviceDate)}${p.station ? ` na ${p.station}; koodu ọrụ ahụ bụ ${p.code ?? ''}` : ''}. Ụgbọala ahụ nọ na UNDER MAINTENANCE ugbu a.`,
  }),
});

const maintenanceRejected = mailTemplate<{ plate: string; description: string; note: string | null }>({
  en: (p) => ({ subject: `Maintenance rejected for ${p.plate}`, text: `"${p.description}" was rejected.${noteIn('Note', p.note)}` }),
  pcm: (p) => ({ subject: `Dem no approve repair for ${p.plate}`, text: `Dem no approve "${p.description}".${noteIn('Note', p.note)}` }),
  ha: (p) => ({ subject: `An ƙi gyara don ${p.plate}`, text: `An ƙi "${p.description}".${noteIn('Bayani', p.note)}` }),
  yo: (p) => ({ subject: `A kọ̀ àtúnṣe fún ${p.plate}`, text: `A kọ̀ "${p.description}".${noteIn('Àkíyèsí', p.note)}` }),
  ig: (p) => ({ subject: `Ajụrụ nrụzi maka ${p.plate}`, text: `Ajụrụ "${p.description}".${noteIn('Ndetu', p.note)}` }),
});

export const REQUEST_MAILS = {
  fuelApproved,
  fuelRejected,
  couponRedeemed,
  budgetAlert,
  overrideNeededMail: overrideNeeded,
  maintenanceApproved,
  maintenanceRejected,
} as const;

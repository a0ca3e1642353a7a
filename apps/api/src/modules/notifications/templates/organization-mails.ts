/**
 * The e-mails about an organization's money and upkeep, in each language: wallet funding, support
 * answers, the daily reminders (expiring papers, subscriptions due) and the daily digest of alerts.
 * Words people typed (a ticket, an alert's message) are passed through as they are. English is word
 * for word what was sent before the e-mails were translated.
 */
import type { AlertKind, Language } from '@fleetfuel/contract';
import { mailTemplate } from './request-mails.js';
import { dayIn, money } from './wording.js';

const walletFunded = mailTemplate<{ amountKobo: string; reference: string }>({
  en: (p) => ({
    subject: `Wallet funded: ${money(p.amountKobo)}`,
    text: `${money(p.amountKobo)} paid by card (reference ${p.reference}) is now on the wallet.`,
  }),
  pcm: (p) => ({
    subject: `Wallet don get money: ${money(p.amountKobo)}`,
    text: `${money(p.amountKobo)} wey dem pay with card (reference ${p.reference}) don enter the wallet.`,
  }),
  ha: (p) => ({
    subject: `An cika wallet: ${money(p.amountKobo)}`,
    text: `${money(p.amountKobo)} da aka biya da kati (reference ${p.reference}) yanzu yana cikin wallet.`,
  }),
  yo: (p) => ({
    subject: `A ti fi owó sí wallet: ${money(p.amountKobo)}`,
    text: `${money(p.amountKobo)} tí a san pẹ̀lú káàdì (reference ${p.reference}) ti wọ inú wallet báyìí.`,
  }),
  ig: (p) => ({
    subject: `Etinyela ego na wallet: ${money(p.amountKobo)}`,
    text: `${money(p.amountKobo)} a kwụrụ site na kaadị (reference ${p.reference}) dị na wallet ugbu a.`,
  }),
});

const supportReply = mailTemplate<{ subject: string; message: string }>({
  en: (p) => ({
    subject: `Re: ${p.subject}`,
    text: `FleetFuel support answered your ticket "${p.subject}":\n\n${p.message}\n\nReply from the Support page.`,
  }),
  pcm: (p) => ({
    subject: `Re: ${p.subject}`,
    text: `FleetFuel support don answer your ticket "${p.subject}":\n\n${p.message}\n\nReply from the Support page.`,
  }),
  ha: (p) => ({
    subject: `Re: ${p.subject}`,
    text: `Tallafin FleetFuel ya amsa tikitinka "${p.subject}":\n\n${p.message}\n\nKa amsa daga shafin Support.`,
  }),
  yo: (p) => ({
    subject: `Re: ${p.subject}`,
    text: `Ìrànlọ́wọ́ FleetFuel ti dáhùn tikẹ́ẹ̀tì rẹ "${p.subject}":\n\n${p.message}\n\nDáhùn láti ojú-ìwé Support.`,
  }),
  ig: (p) => ({
    subject: `Re: ${p.subject}`,
    text: `Nkwado FleetFuel azaala tiketi gị "${p.subject}":\n\n${p.message}\n\nZaa site na ibe Support.`,
  }),
});

export interface ExpiringPaper {
  label: string;
  paper: 'insurance' | 'registration';
  expired: boolean;
  day: string;
}

const PAPER_LINES: Record<Language, (item: ExpiringPaper, day: string) => string> = {
  en: (i, day) => `- ${i.label}: ${i.paper} ${i.expired ? 'expired' : 'expires'} on ${day}`,
  pcm: (i, day) => `- ${i.label}: ${i.paper} ${i.expired ? 'don expire' : 'go expire'} on ${day}`,
  ha: (i, day) => `- ${i.label}: ${i.paper === 'insurance' ? 'inshora' : 'rajista'} ${i.expired ? 'ta ƙare' : 'za ta ƙare'} ranar ${day}`,
  yo: (i, day) => `- ${i.label}: ${i.paper === 'insurance' ? 'ìbánigbófò' : 'ìforúkọsílẹ̀'} ${i.expired ? 'ti parí' : 'yóò parí'} ní ${day}`,
  ig: (i, day) => `- ${i.label}: ${i.paper === 'insurance' ? 'mkpuchi' : 'ndebanye aha'} ${i.expired ? 'agwụla' : 'ga-agwụ'} na ${day}`,
};

const lines = (language: Language, items: readonly ExpiringPaper[]) =>
  items.map((item) => PAPER_LINES[language](item, dayIn(language, item.day))).join('\n');

const expiryWarnings = mailTemplate<{ items: ExpiringPaper[] }>({
  en: (p) => ({
    subject: 'Insurance or registration expiring',
    text: `These assets need attention:\n${lines('en', p.items)}\n\nRenew them and record the new dates on each asset's page.`,
  }),
  pcm: (p) => ({
    subject: 'Insurance or registration dey expire',
    text: `These motors need attention:\n${lines('pcm', p.items)}\n\nRenew dem and put the new dates for each motor page.`,
  }),
  ha: (p) => ({
    subject: 'Inshora ko rajista na ƙarewa',
    text: `Waɗannan motocin suna bukatar kulawa:\n${lines('ha', p.items)}\n\nSabunta su kuma rubuta sababbin kwanakin a shafin kowace mota.`,
  }),
  yo: (p) => ({
    subject: 'Ìbánigbófò tàbí ìforúkọsílẹ̀ ń parí',
    text: `Àwọn ọkọ̀ yìí nílò àkíyèsí:\n${lines('yo', p.items)}\n\nṢe wọ́n ní ọ̀tun kí o sì kọ ọjọ́ tuntun sí ojú-ìwé ọkọ̀ kọ̀ọ̀kan.`,
  }),
  ig: (p) => ({
    subject: 'Mkpuchi ma ọ bụ ndebanye aha na-agwụ',
    text: `Ụgbọala ndị a chọrọ nlebara anya:\n${lines('ig', p.items)}\n\nMee ha ọhụrụ ma dee ụbọchị ọhụrụ na ibe ụgbọala ọ bụla.`,
  }),
});

/** `due` is a calendar day; English writes it as it always has (2026-12-01). */
const subscriptionDue = mailTemplate<{ plan: string; organization: string; due: string; expired: boolean }>({
  en: (p) => ({
    subject: `Your ${p.plan} subscription ${p.expired ? 'has expired' : 'is due'}`,
    text: p.expired
      ? `The ${p.plan} subscription of ${p.organization} expired on ${p.due}. New requests are refused until it is renewed on the Billing page.`
      : `The ${p.plan} subscription of ${p.organization} is due on ${p.due}. Renew it on the Billing page once that date has passed.`,
  }),
  pcm: (p) => ({
    subject: `Your ${p.plan} subscription ${p.expired ? 'don expire' : 'don reach time'}`,
    text: p.expired
      ? `The ${p.plan} subscription of ${p.organization} don expire on ${dayIn('pcm', p.due)}. New requests no go work until you renew am for the Billing page.`
      : `The ${p.plan} subscription of ${p.organization} go reach time on ${dayIn('pcm', p.due)}. Renew am for the Billing page after that day.`,
  }),
  ha: (p) => ({
    subject: `Biyan kuɗin ${p.plan} ${p.expired ? 'ya ƙare' : 'ya kusa'}`,
    text: p.expired
      ? `Biyan kuɗin ${p.plan} na ${p.organization} ya ƙare ranar ${dayIn('ha', p.due)}. Ba za a karɓi sababbin buƙatu ba sai an sabunta shi a shafin Billing.`
      : `Biyan kuɗin ${p.plan} na ${p.organization} zai kai ranar ${dayIn('ha', p.due)}. Sabunta shi a shafin Billing bayan ranar ta wuce.`,
  }),
  yo: (p) => ({
    subject: `Àsansílẹ̀ ${p.plan} rẹ ${p.expired ? 'ti parí' : 'ti tó àsìkò'}`,
    text: p.expired
      ? `Àsansílẹ̀ ${p.plan} ti ${p.organization} parí ní ${dayIn('yo', p.due)}. A kò ní gba ìbéèrè tuntun títí a ó fi san án ní ojú-ìwé Billing.`
      : `Àsansílẹ̀ ${p.plan} ti ${p.organization} yóò tó àsìkò ní ${dayIn('yo', p.due)}. San án ní ojú-ìwé Billing lẹ́yìn ọjọ́ náà.`,
  }),
  ig: (p) => ({
    subject: `Ndenye aha ${p.plan} gị ${p.expired ? 'agwụla' : 'eruola oge'}`,
    text: p.expired
      ? `Ndenye aha ${p.plan} nke ${p.organization} gwụrụ na ${dayIn('ig', p.due)}. A gaghị anabata arịrịọ ọhụrụ ruo mgbe emere ya ọhụrụ na ibe Billing.`
      : `Ndenye aha ${p.plan} nke ${p.organization} ga-eru oge na ${dayIn('ig', p.due)}. Mee ya ọhụrụ na ibe Billing mgbe ụbọchị ahụ gafere.`,
  }),
});

const KIND_HEADINGS: Record<Language, Record<AlertKind, string>> = {
  en: {
    INSURANCE_EXPIRY: 'Insurance expiring',
    REGISTRATION_EXPIRY: 'Registration expiring',
    SERVICE_DUE: 'Service due',
    SUBSCRIPTION_DUE: 'Subscription due',
    COUPON_EXPIRY: 'Coupons about to expire',
    LOW_WALLET_BALANCE: 'Low wallet balance',
    ANOMALY_FLAG: 'Flagged requests awaiting a decision',
    COUPON_LOCKED: 'Coupons locked after wrong driver PINs or codes',
    OFFLINE_REDEMPTION_REFUSED: 'Offline redemptions refused when sent',
    OVERRIDE_PENDING: 'Overrides waiting at the pump',
  },
  pcm: {
    INSURANCE_EXPIRY: 'Insurance dey expire',
    REGISTRATION_EXPIRY: 'Registration dey expire',
    SERVICE_DUE: 'Service don reach',
    SUBSCRIPTION_DUE: 'Subscription don reach',
    COUPON_EXPIRY: 'Coupons wey wan expire',
    LOW_WALLET_BALANCE: 'Wallet balance don low',
    ANOMALY_FLAG: 'Flagged requests wey dey wait',
    COUPON_LOCKED: 'Coupons wey lock after wrong PIN or code',
    OFFLINE_REDEMPTION_REFUSED: 'Offline redemptions wey dem refuse',
    OVERRIDE_PENDING: 'Overrides wey dey wait for pump',
  },
  ha: {
    INSURANCE_EXPIRY: 'Inshora na ƙarewa',
    REGISTRATION_EXPIRY: 'Rajista na ƙarewa',
    SERVICE_DUE: 'Lokacin gyara ya yi',
    SUBSCRIPTION_DUE: 'Lokacin biyan kuɗi ya yi',
    COUPON_EXPIRY: 'Coupon da za su ƙare',
    LOW_WALLET_BALANCE: 'Kuɗin wallet ya yi ƙasa',
    ANOMALY_FLAG: 'Buƙatun da ke jiran hukunci',
    COUPON_LOCKED: 'Coupon da aka kulle saboda kuskuren PIN ko lamba',
    OFFLINE_REDEMPTION_REFUSED: 'Amfani ba tare da intanet ba da aka ƙi',
    OVERRIDE_PENDING: 'Izini da ke jira a famfo',
  },
  yo: {
    INSURANCE_EXPIRY: 'Ìbánigbófò ń parí',
    REGISTRATION_EXPIRY: 'Ìforúkọsílẹ̀ ń parí',
    SERVICE_DUE: 'Àsìkò àtúnṣe ti tó',
    SUBSCRIPTION_DUE: 'Àsìkò àsansílẹ̀ ti tó',
    COUPON_EXPIRY: 'Coupon tó fẹ́ parí',
    LOW_WALLET_BALANCE: 'Owó inú wallet ti kéré',
    ANOMALY_FLAG: 'Ìbéèrè tó ń dúró de ìpinnu',
    COUPON_LOCKED: 'Coupon tí a tì pa nítorí PIN tàbí kóòdù tí kò tọ́',
    OFFLINE_REDEMPTION_REFUSED: 'Lílò láìsí íńtánẹ́ẹ̀tì tí a kọ̀',
    OVERRIDE_PENDING: 'Àṣẹ tó ń dúró ní ẹ̀rọ epo',
  },
  ig: {
    INSURANCE_EXPIRY: 'Mkpuchi na-agwụ',
    REGISTRATION_EXPIRY: 'Ndebanye aha na-agwụ',
    SERVICE_DUE: 'Oge nrụzi eruola',
    SUBSCRIPTION_DUE: 'Oge ndenye aha eruola',
    COUPON_EXPIRY: 'Coupon na-achọ ịgwụ',
    LOW_WALLET_BALANCE: 'Ego dị na wallet dị ala',
    ANOMALY_FLAG: 'Arịrịọ na-eche mkpebi',
    COUPON_LOCKED: 'Coupon emechiri n’ihi PIN ma ọ bụ koodu na-ezighi ezi',
    OFFLINE_REDEMPTION_REFUSED: 'Ojiji na-enweghị ịntanetị a jụrụ',
    OVERRIDE_PENDING: 'Nkwado na-eche na pump',
  },
};

/** One kind of alert: its lines as the alerts module words them (in English), and how many more there are. */
type DigestSection = {
  kind: AlertKind;
  count: number;
  lines: string[];
  more: number;
};

const DIGEST_WORDS: Record<
  Language,
  {
    subject: (count: string, organization: string) => string;
    count: (n: number) => string;
    opening: (organization: string, count: string, day: string) => string;
    more: (n: number) => string;
    closing: string;
  }
> = {
  en: {
    subject: (count, organization) => `FleetFuel daily digest: ${count} for ${organization}`,
    count: (n) => (n === 1 ? '1 alert' : `${n} alerts`),
    opening: (organization, count, day) => `${organization} has ${count} needing attention on ${day}.`,
    more: (n) => `- and ${n} more`,
    closing: 'See every alert under the bell at the top of FleetFuel:',
  },
  pcm: {
    subject: (count, organization) => `FleetFuel daily digest: ${count} for ${organization}`,
    count: (n) => (n === 1 ? '1 alert' : `${n} alerts`),
    opening: (organization, count, day) => `${organization} get ${count} wey need attention on ${day}.`,
    more: (n) => `- and ${n} more`,
    closing: 'See all the alerts under the bell for the top of FleetFuel:',
  },
  ha: {
    subject: (count, organization) => `Taƙaitawar FleetFuel ta yau: ${count} don ${organization}`,
    count: (n) => `faɗakarwa ${n}`,
    opening: (organization, count, day) => `${organization} yana da ${count} da ke bukatar kulawa ranar ${day}.`,
    more: (n) => `- da wasu ${n}`,
    closing: 'Duba duk faɗakarwa a ƙarƙashin ƙararrawa a saman FleetFuel:',
  },
  yo: {
    subject: (count, organization) => `Àkópọ̀ ojoojúmọ́ FleetFuel: ${count} fún ${organization}`,
    count: (n) => `ìkìlọ̀ ${n}`,
    opening: (organization, count, day) => `${organization} ní ${count} tó nílò àkíyèsí ní ${day}.`,
    more: (n) => `- àti ${n} míì`,
    closing: 'Wo gbogbo ìkìlọ̀ lábẹ́ agogo lókè FleetFuel:',
  },
  ig: {
    subject: (count, organization) => `Nchịkọta FleetFuel nke ụbọchị: ${count} maka ${organization}`,
    count: (n) => `ọkwa ${n}`,
    opening: (organization, count, day) => `${organization} nwere ${count} chọrọ nlebara anya na ${day}.`,
    more: (n) => `- na ${n} ọzọ`,
    closing: 'Lee ọkwa niile n’okpuru mgbịrịgba dị n’elu FleetFuel:',
  },
};

function digestIn(language: Language, p: { organization: string; day: string; total: number; sections: DigestSection[]; appUrl: string }) {
  const words = DIGEST_WORDS[language];
  const count = words.count(p.total);
  const sections = p.sections.map((section) =>
    [
      `${KIND_HEADINGS[language][section.kind]} (${section.count}):`,
      ...section.lines,
      ...(section.more > 0 ? [words.more(section.more)] : []),
    ].join('\n'),
  );
  return {
    subject: words.subject(count, p.organization),
    text: [words.opening(p.organization, count, dayIn(language, p.day)), ...sections, `${words.closing} ${p.appUrl}`].join('\n\n'),
  };
}

type DigestParams = Parameters<typeof digestIn>[1];

const dailyDigest = mailTemplate<DigestParams>({
  en: (p) => digestIn('en', p),
  pcm: (p) => digestIn('pcm', p),
  ha: (p) => digestIn('ha', p),
  yo: (p) => digestIn('yo', p),
  ig: (p) => digestIn('ig', p),
});

export const ORGANIZATION_MAILS = { walletFunded, supportReply, expiryWarnings, subscriptionDue, dailyDigest } as const;

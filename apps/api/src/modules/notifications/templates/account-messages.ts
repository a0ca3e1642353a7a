/**
 * The messages about signing in, sent at once rather than through the outbox: the password-reset
 * e-mail and the invitation to choose a password (by e-mail, or by text when there is no address).
 * English is word for word what was sent before the messages were translated.
 */
import type { Language } from '@fleetfuel/contract';
import { escapeHtml } from '../../../platform/mail/mailer.js';

export interface LinkMail {
  subject: string;
  text: string;
  html: string;
}

/** An e-mail of a greeting, what happened, a link and what to do after, as text and as HTML. */
interface LinkMailWords {
  subject: string;
  hello: string;
  before: string;
  linkLabel: string;
  after: string;
}

function linkMail(words: LinkMailWords, name: string, link: string): LinkMail {
  return {
    subject: words.subject,
    text: `${words.hello} ${name},\n\n${words.before}:\n\n${link}\n\n${words.after}\n`,
    html:
      `<p>${escapeHtml(words.hello)} ${escapeHtml(name)},</p><p>${escapeHtml(words.before)}:</p>` +
      `<p><a href="${link}">${escapeHtml(words.linkLabel)}</a></p><p>${escapeHtml(words.after)}</p>`,
  };
}

const RESET_WORDS: Record<Language, LinkMailWords> = {
  en: {
    subject: 'Reset your FleetFuel password',
    hello: 'Hello',
    before: 'Someone asked to reset the password of your FleetFuel account. Open this link within 1 hour to choose a new one',
    linkLabel: 'Reset my password',
    after: 'If it was not you, ignore this e-mail: your password stays as it is.',
  },
  pcm: {
    subject: 'Change your FleetFuel password',
    hello: 'How far',
    before: 'Somebody ask to change the password of your FleetFuel account. Open this link inside 1 hour to choose new one',
    linkLabel: 'Change my password',
    after: 'If no be you, forget this e-mail: your password no go change.',
  },
  ha: {
    subject: 'Sake saita kalmar sirrinka ta FleetFuel',
    hello: 'Sannu',
    before: 'Wani ya nemi a sake saita kalmar sirrin asusunka na FleetFuel. Buɗe wannan mahaɗin cikin awa 1 don zaɓar sabuwa',
    linkLabel: 'Sake saita kalmar sirrina',
    after: 'Idan ba kai ba ne, ka yi watsi da wannan imel: kalmar sirrinka za ta kasance yadda take.',
  },
  yo: {
    subject: 'Yí ọ̀rọ̀ aṣínà FleetFuel rẹ padà',
    hello: 'Ẹ n lẹ́',
    before: 'Ẹnìkan béèrè láti yí ọ̀rọ̀ aṣínà àkántì FleetFuel rẹ padà. Ṣí ìjápọ̀ yìí láàrin wákàtí 1 láti yan òmíràn',
    linkLabel: 'Yí ọ̀rọ̀ aṣínà mi padà',
    after: 'Tí kì í bá ṣe ìwọ, fojú fo ímeèlì yìí: ọ̀rọ̀ aṣínà rẹ kò ní yí padà.',
  },
  ig: {
    subject: 'Tọgharịa paswọọdụ FleetFuel gị',
    hello: 'Ndewo',
    before: 'Mmadụ rịọrọ ịtọgharịa paswọọdụ akaụntụ FleetFuel gị. Mepee njikọ a n’ime otu awa iji họrọ nke ọhụrụ',
    linkLabel: 'Tọgharịa paswọọdụ m',
    after: 'Ọ bụrụ na ọ bụghị gị, leghara ozi-e a anya: paswọọdụ gị ga-anọ otu ọ dị.',
  },
};

export const passwordResetMail = (language: Language, name: string, link: string): LinkMail => linkMail(RESET_WORDS[language], name, link);

interface InvitationWords {
  subject: string;
  hello: string;
  added: string;
  again: string;
  within: (days: number) => string;
  linkLabel: string;
  after: string;
  /** Texts: the fullest, then the shortest wording (the link is never shortened). */
  text: (days: number, link: string, again: boolean) => string;
  shortText: (days: number, link: string) => string;
}

const INVITATION_WORDS: Record<Language, InvitationWords> = {
  en: {
    subject: 'Choose your FleetFuel password',
    hello: 'Hello',
    added: 'You have been added as a driver on FleetFuel.',
    again: 'Here is a new link to your FleetFuel driver account; earlier links no longer work.',
    within: (days) => `Open this link within ${days} days to choose your password`,
    linkLabel: 'Choose my password',
    after: 'Then sign in with this e-mail address and that password.',
    text: (days, link, again) =>
      `FleetFuel: ${again ? 'here is a new link to choose your password' : 'you have been added as a driver. Choose your password'} within ${days} days: ${link}`,
    shortText: (days, link) => `FleetFuel: choose your password within ${days} days: ${link}`,
  },
  pcm: {
    subject: 'Choose your FleetFuel password',
    hello: 'How far',
    added: 'Dem don add you as driver for FleetFuel.',
    again: 'Dis na new link for your FleetFuel driver account; the old links no go work again.',
    within: (days) => `Open this link inside ${days} days to choose your password`,
    linkLabel: 'Choose my password',
    after: 'Then sign in with this e-mail and that password.',
    text: (days, link, again) =>
      `FleetFuel: ${again ? 'dis na new link to choose your password' : 'dem don add you as driver. Choose your password'} inside ${days} days: ${link}`,
    shortText: (days, link) => `FleetFuel: choose your password inside ${days} days: ${link}`,
  },
  ha: {
    subject: 'Zaɓi kalmar sirrinka ta FleetFuel',
    hello: 'Sannu',
    added: 'An saka ka a matsayin direba a FleetFuel.',
    again: 'Ga sabon mahaɗi zuwa asusunka na direba a FleetFuel; tsofaffin mahaɗai ba sa aiki.',
    within: (days) => `Buɗe wannan mahaɗin cikin kwana ${days} don zaɓar kalmar sirrinka`,
    linkLabel: 'Zaɓi kalmar sirrina',
    after: 'Sannan ka shiga da wannan imel da wannan kalmar sirri.',
    text: (days, link, again) =>
      `FleetFuel: ${again ? 'ga sabon mahaɗi don zaɓar kalmar sirri' : 'an saka ka a matsayin direba. Zaɓi kalmar sirri'} cikin kwana ${days}: ${link}`,
    shortText: (days, link) => `FleetFuel: zaɓi kalmar sirri cikin kwana ${days}: ${link}`,
  },
  yo: {
    subject: 'Yan ọ̀rọ̀ aṣínà FleetFuel rẹ',
    hello: 'Ẹ n lẹ́',
    added: 'A ti fi ọ́ kún un gẹ́gẹ́ bí awakọ̀ lórí FleetFuel.',
    again: 'Ìjápọ̀ tuntun sí àkántì awakọ̀ FleetFuel rẹ nìyí; àwọn ìjápọ̀ àtẹ̀yìnwá kò ṣiṣẹ́ mọ́.',
    within: (days) => `Ṣí ìjápọ̀ yìí láàrin ọjọ́ ${days} láti yan ọ̀rọ̀ aṣínà rẹ`,
    linkLabel: 'Yan ọ̀rọ̀ aṣínà mi',
    after: 'Lẹ́yìn náà, wọlé pẹ̀lú ímeèlì yìí àti ọ̀rọ̀ aṣínà náà.',
    text: (days, link, again) =>
      `FleetFuel: ${again ? 'ìjápọ̀ tuntun láti yan ọ̀rọ̀ aṣínà' : 'a ti fi ọ́ kún un bí awakọ̀. Yan ọ̀rọ̀ aṣínà'} láàrin ọjọ́ ${days}: ${link}`,
    shortText: (days, link) => `FleetFuel: yan ọ̀rọ̀ aṣínà láàrin ọjọ́ ${days}: ${link}`,
  },
  ig: {
    subject: 'Họrọ paswọọdụ FleetFuel gị',
    hello: 'Ndewo',
    added: 'Etinyela gị dịka onye ọkwọ ụgbọala na FleetFuel.',
    again: 'Nke a bụ njikọ ọhụrụ gaa na akaụntụ onye ọkwọ ụgbọala FleetFuel gị; njikọ ndị gara aga anaghịzi arụ ọrụ.',
    within: (days) => `Mepee njikọ a n’ime ụbọchị ${days} iji họrọ paswọọdụ gị`,
    linkLabel: 'Họrọ paswọọdụ m',
    after: 'Mgbe ahụ banye site na adreesị ozi-e a na paswọọdụ ahụ.',
    text: (days, link, again) =>
      `FleetFuel: ${again ? 'njikọ ọhụrụ iji họrọ paswọọdụ' : 'etinyela gị dịka onye ọkwọ ụgbọala. Họrọ paswọọdụ'} n’ime ụbọchị ${days}: ${link}`,
    shortText: (days, link) => `FleetFuel: họrọ paswọọdụ n’ime ụbọchị ${days}: ${link}`,
  },
};

export function invitationMail(language: Language, invitation: { name: string; link: string; again: boolean; days: number }): LinkMail {
  const words = INVITATION_WORDS[language];
  return linkMail(
    {
      subject: words.subject,
      hello: words.hello,
      before: `${invitation.again ? words.again : words.added} ${words.within(invitation.days)}`,
      linkLabel: words.linkLabel,
      after: words.after,
    },
    invitation.name,
    invitation.link,
  );
}

/** The invitation's text in its fullest and its shortest wording; the sender keeps the first that fits. */
export function invitationTexts(language: Language, invitation: { link: string; again: boolean; days: number }): [string, string] {
  const words = INVITATION_WORDS[language];
  return [words.text(invitation.days, invitation.link, invitation.again), words.shortText(invitation.days, invitation.link)];
}

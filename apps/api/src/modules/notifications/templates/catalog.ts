/**
 * The one catalog of templated messages: a key names a message, and for each language a function
 * of its typed parameters words it. The outbox keeps the key and the parameters (JSON) and the
 * sender words the message in the recipient's language when it sends it (docs/glossary.md holds
 * the words). Texts are fitted to two SMS parts, folded to ASCII first for organizations that
 * chose "ASCII texts".
 */
import { LANGUAGES, type Language } from '@fleetfuel/contract';
import { fitsSms, foldToAscii } from '../../../platform/sms/segments.js';
import { ORGANIZATION_MAILS } from './organization-mails.js';
import { REQUEST_MAILS, type MailContent, type MailTemplate } from './request-mails.js';
import { TEXT_TEMPLATES, type TemplatedText, type TextTemplate, type TextTemplateKey } from './texts.js';

export const MAIL_TEMPLATES = { ...REQUEST_MAILS, ...ORGANIZATION_MAILS } as const;
export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
type MailParams<K extends MailTemplateKey> = (typeof MAIL_TEMPLATES)[K] extends MailTemplate<infer P> ? P : never;
/** An e-mail as the outbox keeps it: which template, with which values; worded when it is sent. */
export type TemplatedMail = { [K in MailTemplateKey]: { template: K; params: MailParams<K> } }[MailTemplateKey];
export type { TemplatedText };

/** A stored language, or English for anything else (a row written before languages, a language since dropped). */
export const languageOf = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';

export const isMailTemplate = (key: string): key is MailTemplateKey => Object.hasOwn(MAIL_TEMPLATES, key);
export const isTextTemplate = (key: string): key is TextTemplateKey => Object.hasOwn(TEXT_TEMPLATES, key);

export function renderMail(message: TemplatedMail, language: Language): MailContent {
  const template = MAIL_TEMPLATES[message.template] as MailTemplate<typeof message.params>;
  return template[language](message.params);
}

/** The frame of every FleetFuel e-mail from the outbox: the greeting, the notice, the sign-off. */
const FRAMES: Record<Language, { hello: string; choose: string }> = {
  en: { hello: 'Hello', choose: 'You can choose which e-mails you receive under Account Settings > Notification.' },
  pcm: { hello: 'How far', choose: 'You fit choose which e-mails you go dey receive for Account Settings > Notification.' },
  ha: { hello: 'Sannu', choose: 'Kana iya zaɓar imel ɗin da kake so a Account Settings > Notification.' },
  yo: { hello: 'Ẹ n lẹ́', choose: 'O lè yan àwọn ímeèlì tí o fẹ́ gbà ní Account Settings > Notification.' },
  ig: { hello: 'Ndewo', choose: 'Ị nwere ike ịhọrọ ozi-e ị ga-anata na Account Settings > Notification.' },
};

export function framedMail(language: Language, recipientName: string, text: string, appUrl: string): string {
  const frame = FRAMES[language];
  return `${frame.hello} ${recipientName},\n\n${text}\n\nFleetFuel — ${appUrl}\n(${frame.choose})\n`;
}

/**
 * The longest `whole` whose `part` (a station's name) is cut with an ellipsis just enough for the
 * text to fit two SMS parts; `ascii` folds it first (half the cost when the words had accents).
 */
function fitted(render: (part: string) => string, part: string, ascii: boolean): string {
  const finish = (text: string) => (ascii ? foldToAscii(text) : text);
  const whole = finish(render(part));
  if (fitsSms(whole)) return whole;
  const ellipsis = ascii ? '...' : '…';
  const characters = [...part];
  let low = 0;
  let high = characters.length - 1;
  // The longest prefix that fits, found by halving: fitting only grows harder as the prefix grows.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fitsSms(finish(render(`${characters.slice(0, middle).join('').trimEnd()}${ellipsis}`)))) low = middle;
    else high = middle - 1;
  }
  return finish(render(`${characters.slice(0, low).join('').trimEnd()}${ellipsis}`));
}

export function renderText(message: TemplatedText, language: Language, options: { ascii: boolean }): string {
  const template = TEXT_TEMPLATES[message.template] as TextTemplate<Record<string, unknown>>;
  const params = message.params as unknown as Record<string, unknown>;
  const render = template.render[language];
  return fitted((part) => render({ ...params, [template.shortens]: part }), params[template.shortens] as string, options.ascii);
}

/** The first of `wordings` (fullest first) that fits two SMS parts, folded when `ascii`; the last one whatever its size. */
export function firstFittingText(wordings: readonly string[], ascii: boolean): string {
  const finished = wordings.map((text) => (ascii ? foldToAscii(text) : text));
  return finished.find((text) => fitsSms(text)) ?? finished[finished.length - 1] ?? '';
}

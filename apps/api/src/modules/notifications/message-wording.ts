/**
 * Words an outbox row: a row written before templates as it was stored; a templated one in the
 * recipient's language, from the catalog. The sender frames e-mails (greeting, sign-off) around
 * what this returns; the platform admin's list shows it unframed, in the recipient's language
 * (what the person got, or will get), so that what is read there is what was sent.
 */
import type { Language } from '@fleetfuel/contract';
import {
  isMailTemplate,
  isTextTemplate,
  languageOf,
  renderMail,
  renderText,
  type TemplatedMail,
  type TemplatedText,
} from './templates/catalog.js';
import type { MessageContent } from './outbox.repository.js';

export interface WordedMessage {
  /** E-mails only. */
  subject: string | null;
  body: string;
  language: Language;
}

/** A row whose template is unknown or whose parameters do not fit it: it can never be worded. */
export class UnwordableMessage extends Error {}

export function wordMessage(message: MessageContent): WordedMessage {
  const language = languageOf(message.language);
  if (message.template === null || message.params === null) {
    return { subject: message.subject, body: message.body ?? '', language };
  }
  try {
    if (message.channel === 'EMAIL' && isMailTemplate(message.template)) {
      const { subject, text } = renderMail({ template: message.template, params: message.params } as TemplatedMail, language);
      return { subject, body: text, language };
    }
    if (message.channel === 'SMS' && isTextTemplate(message.template)) {
      const text = renderText({ template: message.template, params: message.params } as TemplatedText, language, {
        ascii: message.ascii_texts === true,
      });
      return { subject: null, body: text, language };
    }
  } catch (error) {
    throw new UnwordableMessage(
      `The ${message.template} message could not be worded: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  throw new UnwordableMessage(`No ${message.channel === 'EMAIL' ? 'e-mail' : 'text'} template is named ${message.template}`);
}

/** What a row says, for people reading the outbox (the platform admin, a personal-data export): worded, or why it cannot be. */
export function wordForReading(message: MessageContent): { subject: string | null; body: string } {
  try {
    return wordMessage(message);
  } catch (error) {
    if (!(error instanceof UnwordableMessage)) throw error;
    return { subject: message.subject, body: `(${error.message})` };
  }
}

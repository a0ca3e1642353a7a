/**
 * Identity rules shared by the API and the web app: usernames are an e-mail or a Nigerian phone
 * number (normalized to +234…), passwords 8 to 128 characters.
 */
import { z } from 'zod';
import { hasControlCharacter } from './common.js';
import { MESSAGES } from './messages.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Normalizes the Nigerian phone formats people type (0803 123 4567, 234803…, +234 803…, 803…) to
 * +234 followed by ten digits; returns null for anything else.
 */
export function normalizeNigerianPhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?234|0)?([789][01]\d{8})$/.exec(digits);
  return match ? `+234${match[1]}` : null;
}

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** An e-mail or phone username in its stored form, or null when it is neither. */
export function normalizeUsername(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.includes('@')) {
    return z.email().safeParse(trimmed).success ? normalizeEmail(trimmed) : null;
  }
  return normalizeNigerianPhone(trimmed);
}

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(254, MESSAGES.maxLength(254))
  .pipe(z.email({ error: MESSAGES.email }))
  .transform(normalizeEmail);

export const phoneSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine((v) => normalizeNigerianPhone(v) !== null, MESSAGES.phone)
  .transform((v) => normalizeNigerianPhone(v) as string);

export const passwordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.minLength(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, MESSAGES.maxLength(PASSWORD_MAX_LENGTH))
  // Spaces count towards the length (never trimmed), but a password of nothing else is no secret.
  .refine((value) => /\S/.test(value), MESSAGES.blankPassword);

/** A driver's pump PIN (issue 13): typed at the station to confirm a redemption. */
export const PUMP_PIN_MESSAGE = 'PIN must be 4 to 6 digits';
export const pumpPinSchema = z.string({ error: PUMP_PIN_MESSAGE }).regex(/^\d{4,6}$/, PUMP_PIN_MESSAGE);
/** The one-time code texted to a driver when the attendant starts a redemption that needs confirmation. */
export const CONFIRMATION_CODE_LENGTH = 6;
/** Wrong PINs or codes that lock a coupon, for how long, and how long a texted code counts. */
export const DRIVER_CONFIRMATION = { tries: 5, lockMinutes: 15, codeMinutes: 10 } as const;

export const requiredText = (max = 200) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.maxLength(max));

/** A required name or subject: one line of text (what is around it is trimmed; inside, no control characters). */
export const oneLineText = (max = 200) => requiredText(max).refine((text) => !hasControlCharacter(text), MESSAGES.oneLine);

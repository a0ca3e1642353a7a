/**
 * The Account forms. Their fields are the strings inputs hold; validation runs the contract's own
 * schemas, so a form cannot send what the API would refuse.
 */
import { z } from 'zod';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  MESSAGES,
  emailChangeBodySchema,
  passwordSchema,
  profileUpdateBodySchema,
  type SessionUser,
} from '@fleetfuel/contract';

export const PASSWORD_MISMATCH = 'Passwords do not match';

/** Plain strings, checked by the contract's own body schema (the phone and title may be left empty). */
export const profileFormSchema = z
  .object({ name: z.string(), phone: z.string(), title: z.string(), language: z.string() })
  .superRefine((values, ctx) => {
    const result = profileUpdateBodySchema.safeParse(values);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
  });
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export function profileToForm(user: SessionUser): ProfileFormValues {
  return { name: user.name, phone: user.phone ?? '', title: user.title ?? '', language: user.language };
}

/** The multipart body of PUT /account/profile; an empty phone or title clears it. */
export function toProfileFormData(values: ProfileFormValues, image: File | null): FormData {
  const body = new FormData();
  body.append('name', values.name.trim());
  body.append('phone', values.phone.trim());
  body.append('title', values.title.trim());
  body.append('language', values.language);
  if (image) body.append('image', image);
  return body;
}

/** Each language by its own name, so that someone who reads only that one finds it. */
export const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

export const emailFormSchema = emailChangeBodySchema;

export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.required),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MISMATCH,
  });
export type PasswordFormValues = z.input<typeof passwordFormSchema>;

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a user agent; the raw text when neither is recognised. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent;
}

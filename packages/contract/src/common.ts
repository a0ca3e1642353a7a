/** Building blocks every module's schemas share: ids, pages, timestamps, messages. */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

export const idSchema = z.uuid({ error: 'Must be a valid id' });
export const idParamsSchema = z.strictObject({ id: idSchema });

/** ISO-8601 timestamp as sent in replies. */
export const timestampSchema = z.string();
/**
 * Calendar date, YYYY-MM-DD, within the years a fleet's records can hold. ISO allows year 0000,
 * which PostgreSQL cannot store, so the range is checked here rather than failing in the database.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;
export const dateSchema = z.iso
  .date({ error: 'Must be a valid date (YYYY-MM-DD)' })
  .refine((v) => v >= DATE_RANGE.min && v <= DATE_RANGE.max, `Must be a date between ${DATE_RANGE.min} and ${DATE_RANGE.max}`);

/**
 * Whether a number has at most `places` decimals. Quantities are stored in numeric columns of that
 * scale, and a finer value would be silently rounded (0.004 L becoming 0, which a CHECK refuses).
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(Math.abs(value));
  if (/e/i.test(text)) return false;
  const decimals = text.split('.')[1] ?? '';
  return decimals.length <= places;
}
export const decimalsMessage = (places: number) => `Must have at most ${places} decimal place${places === 1 ? '' : 's'}`;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Every list is paginated on the server; `search` is free text where the screen has a search box. */
export const listQuerySchema = z.strictObject({
  search: z.string().trim().max(100, MESSAGES.maxLength(100)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, `Must be at most ${PAGE_SIZE_MAX}`).default(PAGE_SIZE_DEFAULT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A sortable list's `sort` and `order` (issue 14). `columns` are the contract's names of the columns
 * the server can order by, which are also the web table's column keys. Without `sort` a list keeps
 * its own order (newest first); with it, `order` defaults to `asc`; ties are broken by id, so pages
 * never overlap. Exports stream newest first and take no sort.
 */
export function sortQueryFields<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    sort: z.enum(columns, { error: `Must be one of: ${columns.join(', ')}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Must be asc or desc' }).optional(),
  };
}

/** `from` and `to`: Lagos calendar days, both included, of the date the list shows. */
export const dateRangeFields = { from: dateSchema.optional(), to: dateSchema.optional() };
export const DATE_RANGE_ORDER_MESSAGE = 'The start date must be on or before the end date';

/** Refuses a range that ends before it starts; applied last, since a refined object cannot be extended. */
export function withDateRangeCheck<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) {
  return schema.refine((v) => !v.from || !v.to || v.from <= v.to, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] });
}

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const messageReplySchema = z.object({ message: z.string() });

/** A raised flag (a request's anomaly, an attendant's pattern): which one, how serious, and a message that says why. */
export function flagSchema<const C extends readonly [string, ...string[]]>(codes: C) {
  return z.object({ code: z.enum(codes), severity: z.enum(['warning', 'critical']), message: z.string() });
}

/** A query flag such as `?mine=true`. */
export const booleanQuerySchema = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * Form-friendly field types: the same schema validates a JSON body and a multipart form, where
 * every value arrives as a string and '' means "not given".
 */
function formValueToNumber(value: unknown, blank: null | undefined): unknown {
  if (value === '' || value === undefined || value === null) return blank;
  if (typeof value !== 'string') return value;
  const n = Number(value.trim());
  return Number.isNaN(n) ? value : n;
}

/** An optional number: '' or absent becomes null. */
export const formNumber = <T extends z.ZodNumber>(inner: T) => z.preprocess((v) => formValueToNumber(v, null), inner.nullable());

/** A required number: '' counts as missing and gets the inner schema's message. */
export const requiredFormNumber = <T extends z.ZodType<number>>(inner: T) => z.preprocess((v) => formValueToNumber(v, undefined), inner);

export const formInteger = (min = 0, max = 1_000_000_000) =>
  formNumber(
    z
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max}`),
  );

/** A list sent as a JSON array, as repeated form fields, or as one comma-separated field. */
export const formList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (typeof v === 'string') return v === '' ? [] : v.split(',').map((s) => s.trim());
    return v;
  }, z.array(item));

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.maxLength(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** U+0000–U+001F and U+007F: a tab or line break inside a name breaks every list, CSV and PDF it appears in. */
export const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** An optional one-line value (a title, a plate, a colour): as optionalText, and no control characters inside. */
export const optionalOneLine = (max: number) =>
  optionalText(max).refine((text) => text === null || text === undefined || !hasControlCharacter(text), MESSAGES.oneLine);

/** An optional field a form may send as '' (meaning "none"); the server stores null. */
export const blankable = (check: (value: string) => boolean, message: string, normalize: (value: string) => string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || check(v), message)
    .transform((v) => (v === '' ? null : normalize(v)))
    .nullable()
    .optional();

export const optionalIdSchema = blankable(
  (v) => idSchema.safeParse(v).success,
  'Must be a valid id',
  (v) => v,
);

/** An optional choice from a list; a form's empty `--select--` option ('') means none. */
export const optionalChoice = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable()).optional();

/** An optional calendar date; '' means none. */
export const optionalDate = optionalChoice(dateSchema);

/** A required calendar date. */
export const requiredDate = z.preprocess((v) => (v === '' ? undefined : v), dateSchema);

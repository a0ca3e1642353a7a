/** Building blocks every module's schemas share: ids, pages, timestamps, messages. */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

export const idSchema = z.uuid({ error: 'Must be a valid id' });
export const idParamsSchema = z.strictObject({ id: idSchema });

/** ISO-8601 timestamp as sent in replies. */
export const timestampSchema = z.string();
/** Calendar date, YYYY-MM-DD. */
export const dateSchema = z.iso.date({ error: 'Must be a valid date (YYYY-MM-DD)' });

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Every list is paginated on the server; `search` is free text where the screen has a search box. */
export const listQuerySchema = z.strictObject({
  search: z.string().trim().max(100, MESSAGES.maxLength(100)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, `Must be at most ${PAGE_SIZE_MAX}`).default(PAGE_SIZE_DEFAULT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const messageReplySchema = z.object({ message: z.string() });

/** A query flag such as `?mine=true`. */
export const booleanQuerySchema = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true');

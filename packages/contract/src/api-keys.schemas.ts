/** Issue 14's organization API keys: named secrets with a scope, shown once and stored hashed. */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';
import { oneLineText } from './identity.js';
import { MESSAGES } from './messages.js';
import { API_KEY_SCOPE_NAMES } from './permissions.js';

/** Every key's secret starts so, which lets the API tell a key from a session token. */
export const API_KEY_PREFIX = 'ff_live_';

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPE_NAMES, {
  error: (issue) => (issue.input === undefined ? MESSAGES.required : `Must be one of: ${API_KEY_SCOPE_NAMES.join(', ')}`),
});

export const API_KEY_NAME_MAX = 80;

export const apiKeyCreateBodySchema = z.strictObject({
  name: oneLineText(API_KEY_NAME_MAX),
  scope: apiKeyScopeSchema,
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** A key as listed: never its secret nor its hash, only the first characters that tell keys apart. */
export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  scope: apiKeyScopeSchema,
  /** The secret's first characters, e.g. `ff_live_ab12`. */
  prefix: z.string(),
  createdBy: z.object({ id: idSchema, name: z.string() }),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreatedReplySchema = z.object({
  message: z.string(),
  apiKey: apiKeySchema,
  /** The whole secret, in this reply only. */
  secret: z.string(),
});

export const apiKeyListReplySchema = z.object({ apiKeys: z.array(apiKeySchema) });

export const apiKeyRevokedReplySchema = z.object({ message: z.string(), apiKey: apiKeySchema });

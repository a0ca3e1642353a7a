/**
 * Error codes and the one error body every failed call returns: `error` is the human text the
 * client shows first, `message` repeats or details it, `code` is for machines.
 */
import { z } from 'zod';

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IN_PROGRESS: 409,
  HAS_HISTORY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RULE_VIOLATION: 422,
  LIMIT_REACHED: 422,
  INSUFFICIENT_FUNDS: 422,
  IDEMPOTENCY_CONFLICT: 422,
  TENANT_READ_ONLY: 422,
  /** A HARD fuel policy refuses it (issue 44); the body names the `rule`. */
  POLICY_VIOLATION: 422,
  /** The vehicle or the driver is frozen (issue 44); the message says why. */
  FROZEN: 422,
  /** A SOFT fuel policy stops the fill at the pump until a manager approves the override named by `overrideId`. */
  OVERRIDE_REQUIRED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_UNAVAILABLE: 502,
  /** The database is overloaded (no free connection in time, or a statement ran past its timeout). */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  /** The field a validation error is about, as a dotted path. */
  field: z.string().optional(),
  /** The fuel policy rule that refused it (POLICY_VIOLATION), e.g. MAX_LITRES_PER_FILL. */
  rule: z.string().optional(),
  /** The override request a manager must approve (OVERRIDE_REQUIRED); the station reads it at GET /station/overrides/:id. */
  overrideId: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

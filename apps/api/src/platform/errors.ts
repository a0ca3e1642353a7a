/**
 * The one error type services throw. The HTTP layer maps the code to a status and to the
 * `{error, message, code}` body; services never think in HTTP terms.
 */
import type { ErrorCode } from '@fleetfuel/contract';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `retryAfterSeconds`: when a refused caller may try again (sent as Retry-After); `rule`: the fuel policy rule that refused it (POLICY_VIOLATION); `overrideId`: the override a manager must approve (OVERRIDE_REQUIRED). */
    readonly details: { field?: string; detail?: string; retryAfterSeconds?: number; rule?: string; overrideId?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const invalidField = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { field });

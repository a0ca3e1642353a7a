/** One wording for validation failures, whether fastify validated the input or a handler did. */
import type { z } from 'zod';
import { AppError } from '../errors.js';

export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
  code: string;
  keys?: readonly string[];
}

export function validationError(issue: ValidationIssue | undefined, where: string): AppError {
  const fieldPath = (issue?.path ?? []).map(String).join('.');
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys ?? [];
    return new AppError('VALIDATION_FAILED', `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`, {
      field: keys[0] ?? fieldPath,
    });
  }
  return new AppError('VALIDATION_FAILED', `${fieldPath || where}: ${issue?.message ?? 'is invalid'}`, {
    ...(fieldPath ? { field: fieldPath } : {}),
  });
}

/** Parses with a contract schema, failing with the same 400 as fastify's own validation. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw validationError(
    issue && { path: issue.path, message: issue.message, code: issue.code, ...('keys' in issue ? { keys: issue.keys } : {}) },
    where,
  );
}

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

/**
 * The path of the first string under `value` that holds a NUL character, or null. PostgreSQL text
 * cannot store one, so such input is refused at the edge instead of failing in the database.
 */
export function pathOfNulCharacter(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [...path] : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNulCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNulCharacter(key, path) ?? pathOfNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Throws the usual 400 when a string under `value` holds a NUL character. */
export function refuseNulCharacters(value: unknown, where: string): void {
  const path = pathOfNulCharacter(value);
  if (path) throw validationError({ path, message: 'must not contain a NUL character', code: 'nul_character' }, where);
}

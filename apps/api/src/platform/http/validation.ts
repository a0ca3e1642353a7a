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

/** How deep a JSON body may nest: far beyond any body of the contract, far short of a walk's stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` nests objects or arrays deeper than `limit` (the top level is 0). Walked without
 * recursion: it is asked of bodies nested thousands of levels, which is what it refuses.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A UTF-16 surrogate without its pair: no UTF-8 encodes it, so no database column can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text (PostgreSQL text holds no NUL and only valid UTF-8), or null. */
function whyUnstorable(text: string): { message: string; code: string } | null {
  if (text.includes('\u0000')) return { message: 'must not contain a NUL character', code: 'nul_character' };
  if (LONE_SURROGATE.test(text)) return { message: 'must not contain an unpaired UTF-16 surrogate', code: 'lone_surrogate' };
  return null;
}

/**
 * The first string under `value` (a key or a value) that text cannot store, with its path and why:
 * such input is refused at the edge, the same on every route, instead of failing in the database.
 */
export function findUnstorableText(value: unknown, path: readonly string[] = []): { path: string[]; message: string; code: string } | null {
  if (typeof value === 'string') {
    const why = whyUnstorable(value);
    return why ? { path: [...path], ...why } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(key, path) ?? findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Throws the usual 400 when a string under `value` holds a NUL character or an unpaired surrogate. */
export function refuseUnstorableText(value: unknown, where: string): void {
  const found = findUnstorableText(value);
  if (found) throw validationError(found, where);
}

/**
 * Multipart bodies: fields are gathered into an object (a repeated field becomes a list) for the
 * route's zod schema, and files into buffers, refused past the size limit by @fastify/multipart.
 */
// Brings request.parts() and request.isMultipart() into FastifyRequest's type.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { findUnstorableText, refuseUnstorableText } from './validation.js';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export async function readMultipart(
  request: FastifyRequest,
  allowedFiles: Readonly<Record<string, unknown>>,
): Promise<{ fields: Record<string, unknown>; files: Record<string, UploadedFile> }> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of request.parts()) {
      refuseUnstorableText(part.fieldname, 'body');
      if (part.type === 'file') {
        if (!(part.fieldname in allowedFiles)) {
          throw new AppError('VALIDATION_FAILED', `Unknown file field: ${part.fieldname}`, { field: part.fieldname });
        }
        const unstorable = findUnstorableText(part.filename);
        if (unstorable) {
          throw new AppError('VALIDATION_FAILED', `${part.fieldname}: the file name ${unstorable.message}`, {
            field: part.fieldname,
          });
        }
        const data = await part.toBuffer();
        // An empty file input still sends a part; it means "no new file".
        if (data.length > 0) files[part.fieldname] = { field: part.fieldname, filename: part.filename, data };
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      refuseUnstorableText({ [part.fieldname]: value }, 'body');
      const previous = fields[part.fieldname];
      if (previous === undefined) fields[part.fieldname] = value;
      else fields[part.fieldname] = Array.isArray(previous) ? [...(previous as unknown[]), value] : [previous, value];
    }
  } catch (error) {
    throw malformedMultipart(error);
  }
  return { fields, files };
}

/**
 * The multipart parser (busboy) fails with plain errors on a body without a boundary or cut short;
 * those are the client's mistake and become a 400. Our own errors and fastify's coded ones (a file
 * too large) pass through unchanged.
 */
function malformedMultipart(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && !(error as { code?: unknown }).code && !(error as { statusCode?: unknown }).statusCode) {
    return new AppError('BAD_REQUEST', `The multipart body is malformed: ${error.message}`);
  }
  return error;
}

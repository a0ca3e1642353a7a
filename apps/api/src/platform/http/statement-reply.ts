import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { replyWithCsv } from './csv-reply.js';
import { replyWithPdfStream } from './pdf-reply.js';

/** A statement as a download: the PDF streamed as the reports are, the CSV streamed as UTF-8 text. */
export function replyWithStatement(
  reply: FastifyReply,
  statement: { format: 'pdf'; stream: Readable; pages: number; filename: string } | { format: 'csv'; stream: Readable; filename: string },
): FastifyReply {
  if (statement.format === 'pdf') return replyWithPdfStream(reply, statement);
  return replyWithCsv(reply, statement);
}

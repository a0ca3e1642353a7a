import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { replyWithPdfStream } from './pdf-reply.js';

/** A statement as a download: the PDF streamed as the reports are, the CSV streamed as UTF-8 text. */
export function replyWithStatement(
  reply: FastifyReply,
  statement: { format: 'pdf'; stream: Readable; pages: number; filename: string } | { format: 'csv'; stream: Readable; filename: string },
): FastifyReply {
  if (statement.format === 'pdf') return replyWithPdfStream(reply, statement);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${statement.filename}"`)
    .send(statement.stream);
}

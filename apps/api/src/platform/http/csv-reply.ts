import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A CSV streamed as it is written, as UTF-8 text with a meaningful file name. Fastify pipes the
 * stream, so a slow client holds the producer back (back-pressure) instead of filling memory. The
 * status and headers leave first, so a failure later on can only cut the download short; it is
 * logged with the request.
 */
export function replyWithCsv(reply: FastifyReply, file: { stream: Readable; filename: string }): FastifyReply {
  file.stream.once('error', (error) => reply.log.error({ err: error }, 'CSV stream failed'));
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.stream);
}

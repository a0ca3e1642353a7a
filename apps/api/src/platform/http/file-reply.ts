import type { FastifyReply } from 'fastify';

/** A stored file shown inline, cacheable by the caller's browser only. */
export function replyWithFile(reply: FastifyReply, file: { data: Buffer; contentType: string; filename: string }): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${file.filename}"`)
    .header('cache-control', 'private, max-age=3600')
    .send(file.data);
}

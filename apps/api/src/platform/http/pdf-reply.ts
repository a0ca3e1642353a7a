import type { FastifyReply } from 'fastify';

/** A generated PDF as a download with a meaningful file name. */
export function replyWithPdf(reply: FastifyReply, document: { pdf: Buffer; filename: string }): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${document.filename}"`).send(document.pdf);
}

import type { Readable } from 'node:stream';
import { REPORT_PAGES_HEADER } from '@fleetfuel/contract';
import type { FastifyReply } from 'fastify';

/** A generated PDF as a download with a meaningful file name. */
export function replyWithPdf(reply: FastifyReply, document: { pdf: Buffer; filename: string }): FastifyReply {
  return asPdfDownload(reply, document.filename).send(document.pdf);
}

function asPdfDownload(reply: FastifyReply, filename: string): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`);
}

/**
 * A report PDF streamed as it is written, with its page count up front (the client shows progress
 * from it). The status and headers leave before the document is finished, so a failure later on
 * can only cut the download short; it is logged with the request.
 */
export function replyWithPdfStream(reply: FastifyReply, document: { stream: Readable; pages: number; filename: string }): FastifyReply {
  document.stream.once('error', (error) => reply.log.error({ err: error }, 'report stream failed'));
  return asPdfDownload(reply, document.filename).header(REPORT_PAGES_HEADER, String(document.pages)).send(document.stream);
}

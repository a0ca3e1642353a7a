/**
 * An import's reply: 200 with the rows after a dry run or a complete import; 422 with the same
 * rows, beside the usual `{error, message, code}`, when a row's error or duplicate stopped the
 * import and nothing was written (the client shows which rows to fix).
 */
import type { ErrorCode, ImportReply } from '@fleetfuel/contract';
import type { FastifyReply } from 'fastify';
import { importHasProblems, refusalMessage } from '../csv-import.js';

const REFUSED: ErrorCode = 'RULE_VIOLATION';

export function sendImportReply(reply: FastifyReply, result: ImportReply): ImportReply {
  if (result.dryRun || !importHasProblems(result)) return result;
  const message = refusalMessage(result);
  void reply.code(422);
  return { error: message, message, code: REFUSED, ...result } as ImportReply;
}

/** What one route of the table declares, and the helper each area's route file declares its routes with. */
import { z } from 'zod';
import type { Permission } from '../permissions.js';
import type { MoneyLimitKind } from '../money.js';
import { importBodySchema, importQuerySchema, importReplySchema } from '../imports.schemas.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, relative to the API base. */
  path: string;
  permission: Permission;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  /**
   * How the body travels; multipart bodies carry files beside the fields (JSON is accepted too); a
   * form body is `application/x-www-form-urlencoded`, as a gateway posts it (JSON is accepted too).
   */
  bodyType?: 'json' | 'multipart' | 'form';
  /** The file fields a multipart body may carry, with what each must be. */
  files?: Readonly<Record<string, 'image' | 'photo' | 'document' | 'csv'>>;
  /** `file`: the reply is the bytes of a stored file or a generated PDF; `html`: a page; `text`: plain text; none JSON. */
  replyType?: 'json' | 'file' | 'html' | 'text';
  /** Money moves: the `Idempotency-Key` header makes a retry return the first reply with one effect. */
  idempotent?: boolean;
  /** The handler receives the raw body bytes (webhooks verify a signature over them). */
  rawBody?: boolean;
  /** Sign-in attempts are rate limited per account and per address. */
  rateLimited?: boolean;
  /**
   * Body fields that carry naira, by the configured ceiling that applies to them: `amount` for
   * sums of money, `pricePerUnit` for a price per litre (kWh, kg). The API refuses a value above it.
   */
  moneyFields?: Readonly<Record<string, MoneyLimitKind>>;
}

export { API_BASE, buildPath } from './paths.js';

/** Declares one route; `const` keeps its literal path, method and schemas in the type. */
export const route = <const T extends RouteDefinition>(definition: T): T => definition;

/**
 * Declares a CSV import of a fleet's records: a multipart `file`, its rows checked (`?dryRun=true`)
 * or created, by the fleet's managers; the summary says what the rows are and when they are refused.
 */
export const csvImportRoute = <const T extends Pick<RouteDefinition, 'path' | 'summary' | 'tag'>>(definition: T) =>
  route({
    method: 'POST',
    path: definition.path,
    permission: 'fleet.manage',
    summary: definition.summary,
    tag: definition.tag,
    query: importQuerySchema,
    body: importBodySchema,
    bodyType: 'multipart',
    files: { file: 'csv' },
    reply: importReplySchema,
  });

/**
 * How a reply that is not JSON is documented: its media types, or the redirect it answers with.
 * Carried as the reply schema's metadata, so the route table stays the one source of the document.
 */
export interface ReplyDocumentation {
  mediaTypes?: readonly string[];
  redirectStatus?: number;
  description: string;
}
const documentedReply = <S extends z.ZodType>(schema: S, documentation: ReplyDocumentation) => schema.meta({ reply: documentation });

/** The reply of a route that answers with a generated PDF (not JSON). */
export const pdfReply = documentedReply(z.unknown(), { mediaTypes: ['application/pdf'], description: 'A PDF document' });

/** The reply of a route that answers with a streamed CSV file (UTF-8 with a BOM, not JSON). */
export const csvReply = documentedReply(z.unknown(), {
  mediaTypes: ['text/csv'],
  description: 'A CSV file in UTF-8 with a byte order mark',
});

/** A PDF, or a CSV when the query asks `format=csv`. */
export const pdfOrCsvReply = documentedReply(z.unknown(), {
  mediaTypes: ['application/pdf', 'text/csv'],
  description: 'A PDF document, or a CSV file with `format=csv`',
});

/** A stored file as it was uploaded: an image or a PDF. */
export const storedFileReply = documentedReply(z.unknown(), {
  mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'],
  description: 'The stored file (an image or a PDF), with its content type',
});

/** A page of HTML for a browser. */
export const htmlReply = documentedReply(z.string(), { mediaTypes: ['text/html'], description: 'An HTML page' });

/** A redirect (303 See Other) to the address in the `Location` header. */
export const seeOtherReply = documentedReply(z.string(), {
  redirectStatus: 303,
  description: 'Redirects (303 See Other) to the address in the `Location` header',
});

/** The documentation of a reply that is not JSON, when the route's reply schema carries it. */
export function replyDocumentationOf(route: Pick<RouteDefinition, 'reply'>): ReplyDocumentation | undefined {
  return (route.reply.meta() as { reply?: ReplyDocumentation } | undefined)?.reply;
}

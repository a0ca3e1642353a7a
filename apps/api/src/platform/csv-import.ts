/**
 * The part of a CSV import every registry shares: the file read into rows keyed by the create
 * body's fields (headers matched to the columns by label or key), each row checked by the create
 * call's own schema, and the reply that counts the outcome. What a row means (duplicates, groups,
 * plan limits, the writes) is the owning module's.
 */
import { IMPORT_MAX_ROWS, IMPORT_TOO_MANY_ROWS_MESSAGE, type ImportColumn, type ImportReply, type ImportRow } from '@fleetfuel/contract';
import type { z } from 'zod';
import { parseCsv } from './csv.js';
import { invalidField } from './errors.js';
import type { UploadedFile } from './http/uploads.js';

export type ImportFieldError = ImportRow['errors'][number];

/** One data row: its non-empty cells by column key, and what is wrong with the line itself. */
export interface ImportInput {
  line: number;
  cells: Record<string, string>;
  problems: ImportFieldError[];
}

/** The rows a module inserts, in batches of this many: one statement per batch, not per row. */
const IMPORT_INSERT_BATCH = 500;

/** "Purchase Price (₦)", "purchasePrice" and "PURCHASE PRICE" are one header. */
const headerName = (text: string) =>
  text
    .replace(/\([^)]*\)\s*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A cell the CSV writer neutralized ("'+234…") is read back as the text it was. */
const NEUTRALIZED = /^'(?=[=+\-@\t\r])/;

function columnsOfHeader(header: string[], columns: readonly ImportColumn[]): (ImportColumn | null)[] {
  const byName = new Map<string, ImportColumn>();
  for (const column of columns) {
    byName.set(headerName(column.label), column);
    byName.set(headerName(column.key), column);
  }
  const seen = new Set<string>();
  return header.map((text) => {
    if (text.trim() === '') return null;
    const column = byName.get(headerName(text));
    if (!column) {
      throw invalidField('file', `Unknown column "${text.trim()}". The columns are: ${columns.map((c) => c.label).join(', ')}`);
    }
    if (seen.has(column.key)) throw invalidField('file', `The column "${column.label}" appears twice`);
    seen.add(column.key);
    return column;
  });
}

/** The file's data rows; a file that cannot be read as an import at all is refused with a 400. */
export function readImportFile(file: UploadedFile | undefined, columns: readonly ImportColumn[]): ImportInput[] {
  if (!file) throw invalidField('file', 'Choose a CSV file to import');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw invalidField('file', 'The file is not UTF-8 text: save it as "CSV UTF-8" and choose it again');
  }
  if (text.includes('\u0000')) throw invalidField('file', 'The file is not a CSV file');
  const [header, ...records] = parseCsv(text);
  if (!header) throw invalidField('file', 'The file is empty: its first line must name the columns');
  const fileColumns = columnsOfHeader(header.cells, columns);
  if (records.length === 0) throw invalidField('file', 'The file has no rows under its header');
  if (records.length > IMPORT_MAX_ROWS) throw invalidField('file', IMPORT_TOO_MANY_ROWS_MESSAGE);
  return records.map(({ line, cells }) => {
    const values: Record<string, string> = {};
    const problems: ImportFieldError[] = [];
    cells.forEach((raw, index) => {
      const value = raw.trim().replace(NEUTRALIZED, '');
      if (value === '') return;
      const column = fileColumns[index];
      if (column === undefined || column === null) {
        problems.push({ field: 'row', message: `This line has more cells than the header has columns` });
        return;
      }
      values[column.key] = column.upperCase ? value.toUpperCase() : value;
    });
    return { line, cells: values, problems: problems.slice(0, 1) };
  });
}

/** A row checked by the create call's schema: its body, or one message per field in the form's words. */
export function checkRow<S extends z.ZodType>(
  schema: S,
  cells: Record<string, string>,
): { body: z.output<S>; errors: [] } | { body: null; errors: ImportFieldError[] } {
  const result = schema.safeParse(cells);
  if (result.success) return { body: result.data, errors: [] };
  const errors = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'row';
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  return { body: null, errors: [...errors].map(([field, message]) => ({ field, message })) };
}

/** The row's entry in the reply; a duplicate is only a duplicate when nothing else is wrong with it. */
export function importRow(
  line: number,
  value: Record<string, string>,
  errors: ImportFieldError[],
  duplicates: ImportFieldError[],
): ImportRow {
  if (errors.length > 0) return { row: line, status: 'error', errors, value };
  return { row: line, status: duplicates.length > 0 ? 'duplicate' : 'ok', errors: duplicates, value };
}

/** The reply of an import: the rows and their counts. */
export function importReply(rows: ImportRow[], dryRun: boolean, created: number): ImportReply {
  const count = (status: ImportRow['status']) => rows.filter((row) => row.status === status).length;
  return {
    dryRun,
    created,
    rows,
    summary: { total: rows.length, ok: count('ok'), errors: count('error'), duplicates: count('duplicate') },
  };
}

/** True when an import must write nothing: a row has an error or is a duplicate. */
export const importHasProblems = (reply: ImportReply) => reply.summary.errors + reply.summary.duplicates > 0;

/** `items`, `size` at a time. */
export function* batchesOf<T>(items: readonly T[], size = IMPORT_INSERT_BATCH): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Why a refused import wrote nothing, for the 422 reply's message. */
export function refusalMessage(reply: ImportReply): string {
  const { errors, duplicates } = reply.summary;
  const parts = [
    ...(errors ? [`${errors} row${errors === 1 ? ' has' : 's have'} errors`] : []),
    ...(duplicates ? [`${duplicates} row${duplicates === 1 ? ' is a duplicate' : 's are duplicates'}`] : []),
  ];
  return `Nothing was imported: ${parts.join(' and ')}. Fix ${errors + duplicates === 1 ? 'it' : 'them'} and import again.`;
}

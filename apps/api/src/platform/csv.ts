/**
 * CSV as Excel and LibreOffice open it: UTF-8 with a byte order mark first (without it Excel reads
 * "₦" and accented names as Latin-1), RFC 4180 quoting and CRLF rows. Text cells are neutralized:
 * a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a
 * formula (or DDE), so such a cell gets a leading apostrophe and is shown as the text it was.
 */

/** Written once, before the header row. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell, neutralized and quoted when it holds a comma, a quote or a line break. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Kobo as a plain decimal with two places ("1234.50", "-0.05"): exact, no float on the way. */
export function koboDecimal(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const abs = kobo < 0n ? -kobo : kobo;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * An amount of kobo as a bare number ("-1500.00"), never neutralized: a cell that is entirely a
 * number is read as a number by every spreadsheet, not as a formula, so its leading '-' is harmless;
 * quoting it would turn money into text and break sums.
 */
export const koboCell = (kobo: bigint | null) => (kobo === null ? '' : koboDecimal(kobo));

/** A number that is not money (litres, a count), bare as well; empty when there is none. */
export const numberCell = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** One row: cells already written by the functions above, joined and ended with CRLF. */
export const csvLine = (cells: readonly string[]) => `${cells.join(',')}\r\n`;

/** One record of a parsed file, with the line it starts on (1-based; a quoted cell may span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Reads RFC 4180 CSV: quoted cells (with `""` for a quote, and commas and line breaks inside),
 * CRLF, LF or CR line ends, a leading byte order mark. Blank lines (a spreadsheet's trailing ones)
 * and lines of empty cells (",,,") are skipped. Cells are returned as written; a quote inside an
 * unquoted cell is kept as text.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (index < source.length) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) line += 1;
        cell += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
    index += 1;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/**
 * How far a report download has come. The server streams the PDF as it writes it and announces
 * the page count up front (REPORT_PAGES_HEADER); each finished page arrives as a page object, whose
 * dictionary starts "/Type /Page" followed by a line break ("/Type /Pages", the page tree written
 * last, is not a page). Counting those objects in the bytes received gives the pages so far.
 */
const PAGE_OBJECT = '/Type /Page\n';

export interface ReportProgress {
  pages: number;
  /** Pages the server announced; null until the reply's headers have arrived. */
  total: number | null;
}

/** A counter of the page objects in a byte stream read chunk by chunk (a marker may straddle two chunks). */
export function createPageCounter(): (chunk: Uint8Array) => number {
  const decoder = new TextDecoder('latin1');
  let pages = 0;
  let carry = '';
  return (chunk) => {
    const text = carry + decoder.decode(chunk, { stream: true });
    for (let at = text.indexOf(PAGE_OBJECT); at !== -1; at = text.indexOf(PAGE_OBJECT, at + PAGE_OBJECT.length)) pages += 1;
    // Keep what could be the start of a marker cut by the chunk's end: too short to hold one already counted.
    carry = text.slice(Math.max(0, text.length - (PAGE_OBJECT.length - 1)));
    return pages;
  };
}

/** The percentage shown in the progress bar (0 until the page count is known). */
export function progressPercent(progress: ReportProgress): number {
  if (!progress.total) return 0;
  return Math.min(100, Math.round((progress.pages / progress.total) * 100));
}

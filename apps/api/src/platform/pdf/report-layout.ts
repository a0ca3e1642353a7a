/**
 * Writes a table report (heading, then tables under optional section titles) as a PDF whose pages
 * leave as soon as they are full: the document buffers no page, and rows come in batches from a
 * feed, so memory stays the same for 40 rows or 20,000. Runs in the report worker (see
 * report-renderer.ts), twice per report: a counting pass lays the tables out without painting them
 * and returns the number of pages; the writing pass then prints "Page N of M" at the foot of each page.
 */
import PDFDocument from 'pdfkit';
import { pageFooter, type Pdf } from './document.js';
import { reportHeading, sectionTitle, startTable, type Column } from './table.js';

export interface ReportLayout {
  title: string;
  orientation: 'portrait' | 'landscape';
  heading: { organization: string; period: string; generatedAt: string };
  tables: Array<{ title?: string; columns: Column[] }>;
}

/** The next batch of rows of table `index`, or its end with the totals row, if the table has one. */
export type RowFeed = (index: number) => Promise<{ rows: string[][] } | { end: true; totals?: string[] }>;

/** Where the writing pass sends the PDF's bytes, and the page count the counting pass found. */
export interface ReportOutput {
  pageCount: number;
  write(chunk: Uint8Array): void;
}

/** Lays the report out (`output` null: counts the pages) or writes it; resolves with its number of pages. */
export async function writeReport(layout: ReportLayout, feed: RowFeed, output: ReportOutput | null): Promise<number> {
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    layout: layout.orientation,
    margin: 48,
    bufferPages: false,
    info: { Title: layout.title, Author: 'FleetFuel' },
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (output) doc.on('data', (chunk: Uint8Array) => output.write(chunk));
  else doc.resume();

  // A page is written out when the next one starts, so its footer goes on just before that.
  let pages = 1;
  const footer = () => output && pageFooter(doc, layout.heading.generatedAt, pages, output.pageCount);
  const addPage = doc.addPage.bind(doc);
  doc.addPage = (options) => {
    footer();
    pages += 1;
    return addPage(options);
  };

  reportHeading(doc, { title: layout.title, ...layout.heading });
  for (const [index, table] of layout.tables.entries()) {
    if (table.title) sectionTitle(doc, table.title);
    const writer = startTable(doc, table.columns, { paint: output !== null });
    for (;;) {
      const next = await feed(index);
      if ('end' in next) {
        writer.finish(next.totals);
        break;
      }
      writer.addRows(next.rows);
    }
  }
  footer();
  doc.end();
  await ended;
  return pages;
}

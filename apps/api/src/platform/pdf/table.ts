/**
 * Tables in PDF reports: columns with widths and alignment, rows that wrap, a header repeated at
 * the top of every page the table reaches, and an optional totals row. Rows arrive in batches and
 * are written as they come, so a table of 20,000 rows never holds more than one batch. A table can
 * also be laid out without being painted: the report's first pass counts its pages that way (for
 * "Page N of M" and the progress the client shows) with the very code that paints it.
 */
import { readableDates } from '@fleetfuel/contract';
import { BRAND, type Pdf } from './document.js';

export interface Column {
  header: string;
  /** Share of the available width; the shares are normalized. */
  weight: number;
  align?: 'left' | 'right';
}

export interface TableWriter {
  addRows(rows: string[][]): void;
  /** Ends the table: "No Record" when no row came, then the totals row if there is one. */
  finish(totals?: string[]): void;
}

const PADDING = 4;
const FONT_SIZE = 8.5;

export function startTable(doc: Pdf, columns: Column[], options: { paint: boolean }): TableWriter {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const totalWeight = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / totalWeight) * width);
  const bottom = () => doc.page.height - doc.page.margins.bottom - 12;
  let rowCount = 0;

  const textWidths = widths.map((w) => w - 2 * PADDING);
  /**
   * Most cells are one short line. pdfkit's line wrapper (behind `heightOfString` and a `text` with
   * a width) costs far more than measuring the string, and a 20,000-row report is 200,000 cells:
   * a cell that fits with room to spare is measured and written as the single line it is.
   */
  const fitsOnOneLine = (cell: string, i: number) => !cell.includes('\n') && doc.widthOfString(cell) < (textWidths[i] ?? 0) - 1;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    const oneLine = doc.currentLineHeight(true);
    return (
      Math.max(...cells.map((cell, i) => (fitsOnOneLine(cell, i) ? oneLine : doc.heightOfString(cell, { width: textWidths[i] ?? 0 })))) +
      2 * PADDING
    );
  };

  const paintRow = (cells: string[], y: number, height: number, style: { font: string; fill?: string; color?: string }) => {
    if (style.fill) doc.rect(left, y, width, height).fill(style.fill);
    doc
      .font(style.font)
      .fontSize(FONT_SIZE)
      .fillColor(style.color ?? BRAND.dark);
    let x = left;
    cells.forEach((cell, i) => {
      const textWidth = textWidths[i] ?? 0;
      const align = columns[i]?.align ?? 'left';
      if (fitsOnOneLine(cell, i)) {
        // Where pdfkit's wrapper would put the line, without running it.
        const shift = align === 'right' ? textWidth - doc.widthOfString(cell) : 0;
        doc.text(cell, x + PADDING + shift, y + PADDING, { lineBreak: false });
      } else {
        doc.text(cell, x + PADDING, y + PADDING, { width: textWidth, align });
      }
      x += widths[i] ?? 0;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .strokeColor(BRAND.line)
      .lineWidth(0.5)
      .stroke();
  };

  /**
   * Writes a row at the current position; `breakPage` first starts a new page, under the header
   * again, when the row would cross the bottom margin. Each row is measured once.
   */
  const drawRow = (raw: string[], style: { font: string; fill?: string; color?: string }, breakPage: boolean) => {
    // Calendar days read "23 Nov 2026", as everywhere else in the product.
    const cells = raw.map(readableDates);
    const height = rowHeight(cells, style.font);
    if (breakPage && doc.y + height > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    if (options.paint) paintRow(cells, y, height, style);
    doc.x = left;
    doc.y = y + height;
  };

  const header = () =>
    drawRow(
      columns.map((c) => c.header),
      { font: 'Helvetica-Bold', fill: '#e6f7f1' },
      false,
    );

  header();
  return {
    addRows(rows) {
      for (const row of rows) drawRow(row, { font: 'Helvetica' }, true);
      rowCount += rows.length;
    },
    finish(totals) {
      if (rowCount === 0)
        drawRow(
          columns.map((_, i) => (i === 0 ? 'No Record' : '')),
          { font: 'Helvetica', color: BRAND.muted },
          false,
        );
      if (totals) drawRow(totals, { font: 'Helvetica-Bold', fill: '#f3f5f4' }, true);
    },
  };
}

/** A report's opening lines: what it is, for whom, over which period, generated when. */
export function reportHeading(doc: Pdf, lines: { title: string; organization: string; period: string; generatedAt: string }): void {
  const left = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND.green).text('FleetFuel', left, doc.page.margins.top);
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(BRAND.dark)
    .text(lines.title, left, doc.y + 4);
  doc.font('Helvetica').fontSize(9.5).fillColor(BRAND.muted);
  doc.text(`Organization: ${lines.organization}`, left, doc.y + 4);
  doc.text(`Period: ${readableDates(lines.period)}`);
  doc.text(`Generated: ${lines.generatedAt}`);
  doc.moveDown(0.8);
}

export function sectionTitle(doc: Pdf, title: string): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11.5).fillColor(BRAND.dark).text(title, doc.page.margins.left, doc.y);
  doc.moveDown(0.3);
}

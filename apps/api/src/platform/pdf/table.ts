/**
 * Tables in PDF reports: columns with widths and alignment, rows that wrap, a header repeated at
 * the top of every page the table reaches, and an optional totals row.
 */
import { readableDates } from '@fleetfuel/contract';
import { BRAND, type Pdf } from './document.js';

export interface Column {
  header: string;
  /** Share of the available width; the shares are normalized. */
  weight: number;
  align?: 'left' | 'right';
}

const PADDING = 4;
const FONT_SIZE = 8.5;

export function drawTable(doc: Pdf, columns: Column[], rows: string[][], totals?: string[]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const totalWeight = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / totalWeight) * width);
  const bottom = () => doc.page.height - doc.page.margins.bottom - 12;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * PADDING }))) + 2 * PADDING;
  };

  const drawRow = (raw: string[], options: { font: string; fill?: string; color?: string }) => {
    // Calendar days read "23 Nov 2026", as everywhere else in the product.
    const cells = raw.map(readableDates);
    const height = rowHeight(cells, options.font);
    const y = doc.y;
    if (options.fill) doc.rect(left, y, width, height).fill(options.fill);
    let x = left;
    cells.forEach((cell, i) => {
      const columnWidth = widths[i] ?? 0;
      doc
        .font(options.font)
        .fontSize(FONT_SIZE)
        .fillColor(options.color ?? BRAND.dark);
      doc.text(cell, x + PADDING, y + PADDING, { width: columnWidth - 2 * PADDING, align: columns[i]?.align ?? 'left' });
      x += columnWidth;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .strokeColor(BRAND.line)
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };

  const header = () =>
    drawRow(
      columns.map((c) => c.header),
      { font: 'Helvetica-Bold', fill: '#e6f7f1' },
    );

  header();
  if (rows.length === 0)
    drawRow(
      columns.map((_, i) => (i === 0 ? 'No Record' : '')),
      { font: 'Helvetica', color: BRAND.muted },
    );
  for (const row of rows) {
    if (doc.y + rowHeight(row, 'Helvetica') > bottom()) {
      doc.addPage();
      header();
    }
    drawRow(row, { font: 'Helvetica' });
  }
  if (totals) {
    if (doc.y + rowHeight(totals, 'Helvetica-Bold') > bottom()) {
      doc.addPage();
      header();
    }
    drawRow(totals, { font: 'Helvetica-Bold', fill: '#f3f5f4' });
  }
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

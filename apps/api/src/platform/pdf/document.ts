/**
 * PDF building blocks shared by coupons, work orders and reports: a document rendered to a
 * Buffer, FleetFuel's header, label/value rows and a footer. The standard Helvetica font has no
 * naira sign, so amounts in reports are written "NGN 1,234.00"; coupons, read in Yoruba, Hausa or
 * Igbo, embed DejaVu Sans (`unicodeFonts`), which has ẹ ọ ṣ ɓ ɗ ƙ ị ụ and ₦.
 */
import { createRequire } from 'node:module';
import { readableDates } from '@fleetfuel/contract';
import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

export const BRAND = { green: '#0ca678', dark: '#1f2a27', muted: '#6b7a75', line: '#dfe5e3' } as const;

/** The fonts a document writes with: PDF's standard fonts (Latin-1 only) unless it embeds others. */
export interface PdfFonts {
  regular: string;
  bold: string;
  code: string;
}

const STANDARD_FONTS: PdfFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', code: 'Courier-Bold' };

const require = createRequire(import.meta.url);

/** Embeds DejaVu Sans (subset to the letters used) for text outside Latin-1: Nigerian languages' letters and the naira sign. */
export function unicodeFonts(doc: Pdf): PdfFonts {
  doc.registerFont('FleetFuel-Regular', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  doc.registerFont('FleetFuel-Bold', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
  doc.registerFont('FleetFuel-Code', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf'));
  return { regular: 'FleetFuel-Regular', bold: 'FleetFuel-Bold', code: 'FleetFuel-Code' };
}

export async function renderPdf(
  build: (doc: Pdf) => void | Promise<void>,
  options: { layout?: 'portrait' | 'landscape'; title: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: 48,
    bufferPages: true,
    info: { Title: options.title, Author: 'FleetFuel' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await build(doc);
  doc.end();
  return done;
}

export function header(doc: Pdf, title: string, subtitle: string, fonts: PdfFonts = STANDARD_FONTS): void {
  const { left, right } = { left: doc.page.margins.left, right: doc.page.width - doc.page.margins.right };
  doc.rect(0, 0, doc.page.width, 80).fill(BRAND.green);
  doc.fillColor('#ffffff').font(fonts.bold).fontSize(22).text('FleetFuel', left, 26, { continued: false });
  doc
    .font(fonts.regular)
    .fontSize(11)
    .text(subtitle, left, 30, { width: right - left, align: 'right' });
  doc.fillColor(BRAND.dark).font(fonts.bold).fontSize(18).text(title, left, 104);
  doc.moveDown(0.5);
}

/** Label/value rows in two columns, starting at the current position; calendar days read "23 Nov 2026". */
export function fieldRows(doc: Pdf, rows: Array<[string, string]>, width: number, fonts: PdfFonts = STANDARD_FONTS): void {
  const left = doc.page.margins.left;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(fonts.regular).fontSize(10).fillColor(BRAND.muted).text(label, left, y, { width: 130 });
    doc
      .font(fonts.bold)
      .fontSize(11)
      .fillColor(BRAND.dark)
      .text(readableDates(value), left + 140, y, { width: width - 140 });
    doc.moveDown(0.45);
  }
}

export function money(kobo: bigint): string {
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  const naira = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}NGN ${naira}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The words of a page's foot, in the document's language. */
export interface FooterWords {
  generated: (at: string) => string;
  page: (page: number, pages: number) => string;
}

const ENGLISH_FOOTER: FooterWords = {
  generated: (at) => `Generated ${at} by FleetFuel`,
  page: (page, pages) => `Page ${page} of ${pages}`,
};

/** "Page N of M" and a generation line at the foot of every page (the document buffers its pages). */
export function pageFooters(doc: Pdf, generatedAt: string, fonts: PdfFonts = STANDARD_FONTS, words: FooterWords = ENGLISH_FOOTER): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    pageFooter(doc, generatedAt, i - range.start + 1, range.count, fonts, words);
  }
}

/** The foot of the current page: when and by whom it was generated, and "Page N of M". */
export function pageFooter(
  doc: Pdf,
  generatedAt: string,
  pageNumber: number,
  pageCount: number,
  fonts: PdfFonts = STANDARD_FONTS,
  words: FooterWords = ENGLISH_FOOTER,
): void {
  const bottom = doc.page.height - 36;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  // Writing below the bottom margin would start a new page; lift the margin for the footer line.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font(fonts.regular).fontSize(8).fillColor(BRAND.muted);
  doc.text(words.generated(generatedAt), left, bottom, { width, align: 'left', lineBreak: false });
  doc.text(words.page(pageNumber, pageCount), left, bottom, { width, align: 'right', lineBreak: false });
  doc.page.margins.bottom = margin;
}

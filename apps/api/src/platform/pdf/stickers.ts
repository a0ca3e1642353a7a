/**
 * A sheet of windscreen stickers (issue 42): A4, two columns of four, each sticker with the plate in
 * large type, the vehicle's signed QR and the organization's name, inside a dashed line to cut along.
 */
import { drawQr } from './coupon.js';
import { BRAND, renderPdf } from './document.js';

export interface StickerDocument {
  plate: string;
  /** What else names the asset (make and model), small under the plate. */
  name: string;
  qrPayload: string;
  organization: string;
}

const COLUMNS = 2;
const ROWS = 4;
const STICKERS_PER_PAGE = COLUMNS * ROWS;
const GUTTER = 12;
const PADDING = 10;
/** A sheet's margins: narrower than a report's, so that four rows leave each QR room to scan. */
const SHEET_MARGIN = 24;
/** The plate (and the make and model under it) above the QR; the organization's name below it. */
const ABOVE_QR = 40;
const BELOW_QR = 14;

function drawSticker(doc: PDFKit.PDFDocument, sticker: StickerDocument, x: number, y: number, width: number, height: number): void {
  doc.save();
  doc.roundedRect(x, y, width, height, 8).dash(4, { space: 3 }).strokeColor(BRAND.muted).lineWidth(0.8).stroke();
  doc.undash();
  doc.restore();
  const inner = width - PADDING * 2;
  // Plates are at most a dozen characters; the size shrinks for a longer name so it stays on one line.
  doc.font('Helvetica-Bold').fontSize(26);
  const fontSize = Math.min(26, (26 * inner) / Math.max(doc.widthOfString(sticker.plate), 1));
  doc
    .fontSize(fontSize)
    .fillColor(BRAND.dark)
    .text(sticker.plate, x + PADDING, y + PADDING, { width: inner, align: 'center', lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(BRAND.muted)
    .text(sticker.name, x + PADDING, y + PADDING + 28, { width: inner, align: 'center', lineBreak: false, ellipsis: true });
  const qrSize = Math.min(inner, height - PADDING * 2 - ABOVE_QR - BELOW_QR);
  drawQr(doc, sticker.qrPayload, x + (width - qrSize) / 2, y + PADDING + ABOVE_QR, qrSize);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(BRAND.green)
    .text(sticker.organization, x + PADDING, y + height - PADDING - 10, {
      width: inner,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
    });
}

export function renderStickerSheet(stickers: readonly StickerDocument[], organization: string): Promise<Buffer> {
  const title = `Vehicle stickers — ${organization}`;
  return renderPdf(
    (doc) => {
      doc.page.margins = { top: SHEET_MARGIN, bottom: SHEET_MARGIN, left: SHEET_MARGIN, right: SHEET_MARGIN };
      const left = doc.page.margins.left;
      const top = doc.page.margins.top;
      const width = (doc.page.width - left - doc.page.margins.right - GUTTER * (COLUMNS - 1)) / COLUMNS;
      const height = (doc.page.height - top - doc.page.margins.bottom - GUTTER * (ROWS - 1)) / ROWS;
      stickers.forEach((sticker, index) => {
        const slot = index % STICKERS_PER_PAGE;
        if (index > 0 && slot === 0) doc.addPage({ margin: SHEET_MARGIN });
        const column = slot % COLUMNS;
        const row = Math.floor(slot / COLUMNS);
        drawSticker(doc, sticker, left + column * (width + GUTTER), top + row * (height + GUTTER), width, height);
      });
    },
    { title },
  );
}

/**
 * The coupon PDF a driver carries to the station (and the work order for a maintenance job): its
 * code, its QR, and everything the attendant checks before dispensing, with its labels in
 * `language` (the caller words the rows with the same `COUPON_LABELS`). It embeds DejaVu Sans so
 * that Yoruba, Hausa and Igbo letters and ₦ print.
 */
import type { Language } from '@fleetfuel/contract';
import QRCode from 'qrcode';
import { COUPON_LABELS } from './coupon-labels.js';
import { BRAND, fieldRows, header, pageFooters, renderPdf, unicodeFonts } from './document.js';

export interface CouponDocument {
  kind: 'FUEL' | 'MAINTENANCE';
  language: Language;
  code: string;
  qrPayload: string;
  organization: string;
  rows: Array<[string, string]>;
  generatedAt: string;
}

/**
 * Draws the QR as vector squares, one per dark module: sharp at any zoom or print resolution, where
 * a bitmap scaled to the box would blur modules of uneven width and defeat a phone's scanner.
 */
export function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const quietZone = 2;
  const unit = size / (modules.size + quietZone * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#FFFFFF');
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) doc.rect(x + (col + quietZone) * unit, y + (row + quietZone) * unit, unit, unit);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

export function renderCoupon(coupon: CouponDocument): Promise<Buffer> {
  const labels = COUPON_LABELS[coupon.language];
  const title = coupon.kind === 'FUEL' ? labels.fuelTitle : labels.workOrderTitle;
  return renderPdf(
    (doc) => {
      const fonts = unicodeFonts(doc);
      header(doc, title, coupon.organization, fonts);
      const left = doc.page.margins.left;
      const contentWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right;
      const qrSize = 190;
      const qrX = left + contentWidth - qrSize;
      const top = doc.y + 6;

      doc.font(fonts.regular).fontSize(10).fillColor(BRAND.muted).text(labels.code, left, top);
      doc
        .font(fonts.code)
        .fontSize(34)
        .fillColor(BRAND.dark)
        .text(coupon.code, left, top + 14);
      doc
        .font(fonts.regular)
        .fontSize(10)
        .fillColor(BRAND.muted)
        .text(labels.howToUse, left, top + 56, {
          width: contentWidth - qrSize - 20,
        });
      drawQr(doc, coupon.qrPayload, qrX, top - 8, qrSize);

      doc.y = top + qrSize + 8;
      doc
        .moveTo(left, doc.y)
        .lineTo(left + contentWidth, doc.y)
        .strokeColor(BRAND.line)
        .stroke();
      doc.moveDown(1);
      fieldRows(doc, coupon.rows, contentWidth, fonts);
      doc.moveDown(1);
      doc
        .font(fonts.regular)
        .fontSize(9)
        .fillColor(BRAND.muted)
        .text(coupon.kind === 'FUEL' ? labels.fuelTerms : labels.workTerms, left, doc.y, { width: contentWidth });
      pageFooters(doc, coupon.generatedAt, fonts, labels);
    },
    { title },
  );
}

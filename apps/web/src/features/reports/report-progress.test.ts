import { describe, expect, it } from 'vitest';
import { createPageCounter, progressPercent } from './report-progress';

const bytes = (text: string) => new TextEncoder().encode(text);
/** The objects of a PDF as pdfkit writes them: pages, then the page tree. */
const pdf = (pages: number) =>
  `%PDF-1.3\n${Array.from({ length: pages }, (_, i) => `${i + 4} 0 obj\n<<\n/Type /Page\n/Parent 1 0 R\n>>\nendobj\n`).join('')}1 0 obj\n<<\n/Type /Pages\n/Count ${pages}\n>>\nendobj\n%%EOF\n`;

describe('report download progress', () => {
  it('counts page objects, not the page tree', () => {
    expect(createPageCounter()(bytes(pdf(3)))).toBe(3);
  });

  it('counts a page whose marker is cut between two chunks exactly once, whatever the chunk size', () => {
    const whole = bytes(pdf(25));
    for (const size of [1, 5, 11, 12, 13, 64, 1000]) {
      const count = createPageCounter();
      let pages = 0;
      for (let start = 0; start < whole.length; start += size) pages = count(whole.subarray(start, start + size));
      expect(pages, `chunks of ${size}`).toBe(25);
    }
  });

  it('shows no progress until the page count is known, and never more than all of it', () => {
    expect(progressPercent({ pages: 3, total: null })).toBe(0);
    expect(progressPercent({ pages: 1, total: 4 })).toBe(25);
    expect(progressPercent({ pages: 5, total: 4 })).toBe(100);
  });
});

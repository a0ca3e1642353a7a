import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createReportRenderer, type ReportContent, type ReportRenderer, type ToMain } from './report-renderer.js';

let renderer: ReportRenderer;
let dir: string;
beforeAll(() => {
  // A small stream buffer, so that a few pages of PDF are enough to fill it.
  renderer = createReportRenderer({ streamBufferBytes: 16 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-report-renderer-'));
});
afterAll(async () => {
  await renderer.close();
  rmSync(dir, { recursive: true, force: true });
});

const BATCH = 100;

/** A report of `rows` numbered rows in batches of 100; `pulls` counts the batches read per pass. */
function numberedReport(rows: number, options: { failAt?: number } = {}) {
  const pulls: number[] = [];
  const content: ReportContent = {
    title: 'Numbers',
    orientation: 'landscape',
    heading: { organization: 'Test Org', period: '2026-01-01 to 2026-12-31', generatedAt: '23 Nov 2026, 10:00' },
    tables: [
      {
        columns: [
          { header: 'Row', weight: 1 },
          { header: 'Name', weight: 3 },
        ],
        read: () => {
          const pass = pulls.push(0) - 1;
          let sum = 0;
          function* batches() {
            for (let start = 0; start < rows; start += BATCH) {
              if (options.failAt === start) throw new Error('the database went away');
              pulls[pass] = (pulls[pass] ?? 0) + 1;
              const batch = Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => start + i);
              sum += batch.length;
              yield batch.map((n) => [`R-${String(n).padStart(5, '0')}`, `Row number ${n}`]);
            }
          }
          return { batches: batches(), totals: () => ['Total', `${sum} rows`] };
        },
      },
      { title: 'Nothing here (0)', columns: [{ header: 'Empty', weight: 1 }], read: () => ({ batches: [] }) },
    ],
  };
  return { content, pulls };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function pageTexts(pdf: Buffer): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }),
  );
}

// A worker thread starts per file and loads pdfkit through tsx: seconds on a busy two-core machine.
describe('report renderer (worker thread)', { timeout: 60_000 }, () => {
  it('counts the pages first, then streams every row with "Page N of M" on each page', async () => {
    const { content, pulls } = numberedReport(450);
    const report = await renderer.render(content);
    const pages = pageTexts(await readAll(report.stream));
    expect(pages.length).toBe(report.pages);
    expect(report.pages).toBeGreaterThan(10);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${report.pages}`);
      expect(page).toMatch(/Row\s+Name/);
    });
    const text = pages.join('\n');
    expect(text.indexOf('R-00000')).toBeLessThan(text.indexOf('R-00449'));
    expect(text).toMatch(/Total\s+450 rows/);
    expect(text).toContain('Nothing here (0)');
    expect(text).toContain('No Record');
    // Read twice (count, then write), one batch at a time.
    expect(pulls).toEqual([5, 5]);
  });

  it('reads no further than the client has taken: a stalled download holds one batch, not the report', async () => {
    // What the worker says to the renderer, as the renderer hears it.
    const heard = vi.spyOn(Worker.prototype, 'emit');
    onTestFinished(() => heard.mockRestore());
    const fromWorker = () => heard.mock.calls.filter(([event]) => event === 'message').map(([, message]) => message as ToMain);
    /** The writing pass's messages: after the page count. */
    const writing = () => fromWorker().slice(fromWorker().findIndex((message) => message.kind === 'pages') + 1);
    const { content, pulls } = numberedReport(2000);
    const report = await renderer.render(content);
    // Nobody reads: the stream fills up to its buffer, and the worker, done with the rows it has,
    // asks for more (the last thing it says). Looked at on a later task, when that request has been handled.
    await vi.waitFor(
      () => {
        expect(report.stream.readableLength).toBeGreaterThanOrEqual(report.stream.readableHighWaterMark);
        expect(writing().at(-1)?.kind).toBe('next-rows');
      },
      { timeout: 30_000, interval: 20 },
    );
    // Every request of the writing pass was answered with a batch but that last one, which waits for the client.
    const requests = writing().filter((message) => message.kind === 'next-rows').length;
    expect(pulls[1]).toBe(requests - 1);
    expect(pulls[1]).toBeLessThan(20);
    const pages = pageTexts(await readAll(report.stream));
    expect(pages.length).toBe(report.pages);
    expect(pulls[1]).toBe(20);
  });

  it('fails the report when its rows cannot be read, in either pass, and keeps working afterwards', async () => {
    await expect(renderer.render(numberedReport(500, { failAt: 300 }).content)).rejects.toThrow('the database went away');

    const { content } = numberedReport(500);
    const table = content.tables[0];
    if (!table) throw new Error('no table');
    let passes = 0;
    const failSecondPass = {
      ...table,
      read: () => (++passes === 2 ? numberedReport(500, { failAt: 200 }).content.tables[0]!.read() : table.read()),
    };
    const report = await renderer.render({ ...content, tables: [failSecondPass] });
    await expect(readAll(report.stream)).rejects.toThrow('the database went away');

    const after = await renderer.render(numberedReport(10).content);
    expect(pageTexts(await readAll(after.stream))).toHaveLength(after.pages);
  });
});

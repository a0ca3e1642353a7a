/**
 * The report worker thread: lays out and writes report PDFs off the API's event loop (pdfkit is
 * synchronous; an 800-page report kept the loop busy for seconds). It asks the main thread for rows
 * one batch at a time and sends the PDF back in chunks as the pages are written; the protocol is
 * in report-renderer.ts. One report at a time; the main thread reuses an idle worker.
 */
import { parentPort } from 'node:worker_threads';
import { writeReport, type ReportLayout, type RowFeed } from './report-layout.js';
import type { ToMain, ToWorker } from './report-renderer.js';

/** Chunks are gathered up to this size before crossing to the main thread (pdfkit writes many small pieces). */
const CHUNK_BYTES = 64 * 1024;

const port = parentPort;
if (!port) throw new Error('report-worker.ts runs as a worker thread');
const send = (message: ToMain) => port.postMessage(message);

let pending: Uint8Array[] = [];
let pendingBytes = 0;
function flush(): void {
  if (pendingBytes === 0) return;
  const bytes = Buffer.concat(pending, pendingBytes);
  pending = [];
  pendingBytes = 0;
  send({ kind: 'chunk', bytes });
}
function write(chunk: Uint8Array): void {
  pending.push(chunk);
  pendingBytes += chunk.byteLength;
  if (pendingBytes >= CHUNK_BYTES) flush();
}

/** The answer to the one outstanding request for rows. */
let answer: ((message: Extract<ToWorker, { kind: 'rows' | 'rows-end' }>) => void) | null = null;
const feed: RowFeed = (table) => {
  // What is written so far goes out before waiting: the client sees pages while rows are read.
  flush();
  return new Promise((resolve) => {
    answer = (message) =>
      resolve(message.kind === 'rows' ? { rows: message.rows } : { end: true, ...(message.totals ? { totals: message.totals } : {}) });
    send({ kind: 'next-rows', table });
  });
};

async function render(layout: ReportLayout): Promise<void> {
  const pageCount = await writeReport(layout, feed, null);
  send({ kind: 'pages', count: pageCount });
  await writeReport(layout, feed, { pageCount, write });
  flush();
  send({ kind: 'done' });
}

port.on('message', (message: ToWorker) => {
  if (message.kind === 'render') {
    render(message.layout).catch((error: unknown) =>
      send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  const resolve = answer;
  answer = null;
  resolve?.(message);
});

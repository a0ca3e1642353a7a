/**
 * Renders table reports in a worker thread and streams them. The main thread reads the rows (the
 * database lives here: PGlite is one in-process connection) one batch at a time, only when the
 * worker asks; the worker lays the pages out and sends the PDF back in chunks. Two passes over the
 * rows: the first counts the pages (so every footer reads "Page N of M" and the reply can announce
 * the page count before the first byte), the second writes the document into a stream that fetches
 * the next batch only when the client has taken what came before. Memory stays one batch deep
 * whatever the size of the report, and the event loop stays free for other requests.
 *
 * The worker runs `report-worker.ts` under tsx (tests, dev); the API's build must emit it as an
 * entry point of its own, `report-worker.js` beside `server.js` (see `workerEntry`).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportLayout } from './report-layout.js';
import type { Column } from './table.js';

/** Messages from the main thread to the worker. */
export type ToWorker =
  { kind: 'render'; layout: ReportLayout } | { kind: 'rows'; rows: string[][] } | { kind: 'rows-end'; totals?: string[] };

/** Messages from the worker to the main thread. */
export type ToMain =
  | { kind: 'next-rows'; table: number }
  | { kind: 'pages'; count: number }
  | { kind: 'chunk'; bytes: Uint8Array }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** One pass over a table's rows: batches in print order (read from the database, or already in memory), then the totals row they add up to. */
export interface TableRows {
  batches: AsyncIterable<string[][]> | Iterable<string[][]>;
  totals?: () => string[];
}

export interface ReportTable {
  title?: string;
  columns: Column[];
  /** Called once per pass: the rows are read twice (to count the pages, then to write them). */
  read: () => TableRows;
}

export interface ReportContent extends Omit<ReportLayout, 'tables'> {
  tables: ReportTable[];
}

export interface StreamedReport {
  /** The document's number of pages, known before its first byte. */
  pages: number;
  stream: Readable;
}

export interface ReportRenderer {
  /** Resolves once the pages are counted, with the stream that writes the document. */
  render(content: ReportContent): Promise<StreamedReport>;
  /** Stops the idle workers (a report still being written stops with its stream). */
  close(): Promise<void>;
}

/** How much written PDF may wait for the client before no more rows are read. */
const STREAM_BUFFER_BYTES = 512 * 1024;
/** Idle workers kept for the next report, and how long: starting one loads pdfkit again. */
const IDLE_WORKERS = 2;
const IDLE_MS = 60_000;

/**
 * From source the worker is `report-worker.ts` beside this file. In the API's bundle it is the
 * `report-worker.js` entry point, beside `server.js`: this code sits in `server.js` itself or in a
 * shared chunk one folder below it.
 */
function workerEntry(): URL {
  const here = fileURLToPath(import.meta.url);
  const name = `report-worker${path.extname(here)}`;
  const candidates = [path.join(path.dirname(here), name), path.join(path.dirname(here), '..', name)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The report worker is missing (looked for ${candidates.join(', ')}); the build must emit it`);
  return pathToFileURL(found);
}

function startWorker(): Worker {
  const entry = workerEntry();
  const resourceLimits = { maxOldGenerationSizeMb: 256 };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  // From source (tsx, vitest) the worker must first register tsx's loader in its own thread:
  // Node 20 does not apply `--import tsx` from a worker's execArgv.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `const { register } = await import(${JSON.stringify(tsxApi)}); register(); await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), { resourceLimits });
}

export function createReportRenderer(options: { streamBufferBytes?: number } = {}): ReportRenderer {
  const streamBufferBytes = options.streamBufferBytes ?? STREAM_BUFFER_BYTES;
  const idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];
  const busy = new Set<Worker>();

  function acquire(): Worker {
    const reused = idle.pop();
    if (reused) {
      clearTimeout(reused.timer);
      reused.worker.ref();
      return reused.worker;
    }
    return startWorker();
  }

  /** Keeps a worker that finished its report for the next one, or stops it when enough are idle. */
  function keepIdle(worker: Worker): void {
    if (idle.length >= IDLE_WORKERS) {
      void worker.terminate();
      return;
    }
    // An idle worker keeps no process alive, and goes away if no report comes for a while.
    worker.unref();
    const timer = setTimeout(() => {
      idle.splice(
        idle.findIndex((entry) => entry.worker === worker),
        1,
      );
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idle.push({ worker, timer });
  }

  return {
    render(content) {
      const worker = acquire();
      busy.add(worker);
      const layout: ReportLayout = { ...content, tables: content.tables.map(({ title, columns }) => ({ title, columns })) };
      const post = (message: ToWorker) => worker.postMessage(message);

      let counted = false;
      let pass = new Map<number, { rows: TableRows; batches: AsyncIterator<string[][]> | Iterator<string[][]> }>();
      let settled = false;
      let detach = () => {};
      /** Ends this report's hold on the worker, once: a finished worker is reused, a failed or abandoned one stopped. */
      const settle = (reusable: boolean) => {
        if (settled) return false;
        settled = true;
        detach();
        busy.delete(worker);
        if (reusable) keepIdle(worker);
        else void worker.terminate();
        return true;
      };
      let resolvePages!: (report: StreamedReport) => void;
      let rejectPages!: (error: Error) => void;
      const pagesCounted = new Promise<StreamedReport>((resolve, reject) => {
        resolvePages = resolve;
        rejectPages = reject;
      });

      // The writing pass reads the next batch only when the stream wants more bytes.
      let wanted = true;
      let onDemand: (() => void) | null = null;
      const stream = new Readable({
        highWaterMark: streamBufferBytes,
        read() {
          wanted = true;
          const resume = onDemand;
          onDemand = null;
          resume?.();
        },
        destroy(error, callback) {
          settle(false);
          callback(error);
        },
      });
      const demand = () => (wanted || !counted ? Promise.resolve() : new Promise<void>((resolve) => (onDemand = resolve)));

      const fail = (error: Error) => {
        if (!settle(false)) return;
        if (counted) stream.destroy(error);
        else rejectPages(error);
      };

      const supply = async (index: number) => {
        await demand();
        const table = content.tables[index];
        if (!table) throw new Error(`The report has no table ${index}`);
        let reading = pass.get(index);
        if (!reading) {
          const rows = table.read();
          const batches = Symbol.asyncIterator in rows.batches ? rows.batches[Symbol.asyncIterator]() : rows.batches[Symbol.iterator]();
          reading = { rows, batches };
          pass.set(index, reading);
        }
        const next = await reading.batches.next();
        if (settled) return;
        if (next.done) {
          const totals = reading.rows.totals?.();
          post({ kind: 'rows-end', ...(totals ? { totals } : {}) });
        } else {
          post({ kind: 'rows', rows: next.value });
        }
      };

      const onMessage = (message: ToMain) => {
        switch (message.kind) {
          case 'next-rows':
            supply(message.table).catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
            return;
          case 'pages':
            counted = true;
            pass = new Map();
            resolvePages({ pages: message.count, stream });
            return;
          case 'chunk':
            if (!stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength))) wanted = false;
            return;
          case 'done':
            if (settle(true)) stream.push(null);
            return;
          case 'failed':
            fail(new Error(`The report could not be written: ${message.message}`));
            return;
        }
      };
      const onError = (error: Error) => fail(error);
      const onExit = (code: number) => fail(new Error(`The report worker stopped (exit code ${code})`));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // The worker outlives this report when it goes back to the idle ones: only these listeners go.
      detach = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      post({ kind: 'render', layout });
      return pagesCounted;
    },

    async close() {
      const workers = [...idle.map((entry) => entry.worker), ...busy];
      for (const entry of idle) clearTimeout(entry.timer);
      idle.length = 0;
      busy.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

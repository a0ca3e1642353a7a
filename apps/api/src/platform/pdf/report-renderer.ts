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
interface TableRows {
  batches: AsyncIterable<string[][]> | Iterable<string[][]>;
  totals?: () => string[];
}

interface ReportTable {
  title?: string;
  columns: Column[];
  /** Called once per pass: the rows are read twice (to count the pages, then to write them). */
  read: () => TableRows;
}

export interface ReportContent extends Omit<ReportLayout, 'tables'> {
  tables: ReportTable[];
}

interface StreamedReport {
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

/** A promise with its settling functions at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A table's rows being read in one pass: what its `read` returned, and where its batches are. */
interface TableReading {
  rows: TableRows;
  batches: AsyncIterator<string[][]> | Iterator<string[][]>;
}

/** One pass over the report's tables: each table's reading, started at the worker's first ask for its rows. */
function tablePass(tables: readonly ReportTable[]): (index: number) => TableReading {
  const readings = new Map<number, TableReading>();
  return (index) => {
    const table = tables[index];
    if (!table) throw new Error(`The report has no table ${index}`);
    let reading = readings.get(index);
    if (!reading) {
      const rows = table.read();
      const batches = Symbol.asyncIterator in rows.batches ? rows.batches[Symbol.asyncIterator]() : rows.batches[Symbol.iterator]();
      reading = { rows, batches };
      readings.set(index, reading);
    }
    return reading;
  };
}

/**
 * The stream that carries the document to the client: `push` hands it a chunk from the worker,
 * `wanted` resolves when it wants more bytes (at once unless a push filled its buffer).
 */
function documentStream(highWaterMark: number, onDestroy: () => void) {
  let wanted = true;
  let onDemand: (() => void) | null = null;
  const stream = new Readable({
    highWaterMark,
    read() {
      wanted = true;
      const resume = onDemand;
      onDemand = null;
      resume?.();
    },
    destroy(error, callback) {
      onDestroy();
      callback(error);
    },
  });
  return {
    stream,
    wanted: () => (wanted ? Promise.resolve() : new Promise<void>((resolve) => (onDemand = resolve))),
    push(bytes: Uint8Array) {
      if (!stream.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) wanted = false;
    },
  };
}

/** Listens to a worker for one report; returns what stops listening (the worker outlives the report when it goes back to the idle ones). */
function listenTo(
  worker: Worker,
  on: { message: (message: ToMain) => void; error: (error: Error) => void; exit: (code: number) => void },
): () => void {
  worker.on('message', on.message);
  worker.on('error', on.error);
  worker.on('exit', on.exit);
  return () => {
    worker.off('message', on.message);
    worker.off('error', on.error);
    worker.off('exit', on.exit);
  };
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
      let readingOf = tablePass(content.tables);
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
      const pages = deferred<StreamedReport>();
      const output = documentStream(streamBufferBytes, () => settle(false));
      const { stream } = output;
      // The counting pass reads at once; the writing pass reads the next batch only when the stream wants more bytes.
      const demand = () => (counted ? output.wanted() : Promise.resolve());

      const fail = (error: Error) => {
        if (!settle(false)) return;
        if (counted) stream.destroy(error);
        else pages.reject(error);
      };

      const supply = async (index: number) => {
        await demand();
        const reading = readingOf(index);
        const next = await reading.batches.next();
        if (settled) return;
        if (next.done) {
          const totals = reading.rows.totals?.();
          post({ kind: 'rows-end', ...(totals ? { totals } : {}) });
        } else {
          post({ kind: 'rows', rows: next.value });
        }
      };

      detach = listenTo(worker, {
        message: (message: ToMain) => {
          switch (message.kind) {
            case 'next-rows':
              supply(message.table).catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
              return;
            case 'pages':
              counted = true;
              readingOf = tablePass(content.tables);
              pages.resolve({ pages: message.count, stream });
              return;
            case 'chunk':
              output.push(message.bytes);
              return;
            case 'done':
              if (settle(true)) stream.push(null);
              return;
            case 'failed':
              fail(new Error(`The report could not be written: ${message.message}`));
              return;
          }
        },
        error: (error: Error) => fail(error),
        exit: (code: number) => fail(new Error(`The report worker stopped (exit code ${code})`)),
      });
      post({ kind: 'render', layout });
      return pages.promise;
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

/**
 * A small pool of worker threads for the CPU-heavy reading of untrusted documents: HTML
 * parsing and extraction, PDF reading, and the index's reading of scraped pages. A hostile
 * page (a megabyte of nested elements) then costs a pool thread, never the event loop that
 * answers every other tenant and `/healthz`. Threads start on first use and leave when idle,
 * so a server that never scrapes never pays for them.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PageFacts } from '../../local-index/page-facts.js';
import { ExtractionError } from '../extract/index.js';
import type { PageReader } from '../page-reader.js';
import { ScrapeNetworkError } from '../net/index.js';
import type { OffloadOutcome, OffloadResults, OffloadTask } from './tasks.js';

export interface OffloadPoolOptions {
  /** Threads at most (default: one core fewer than the machine has, at most 2, at least 1: the event loop keeps a core). */
  readonly threads?: number;
  /** Longest one task may take, waiting in the queue included (default 30 s); past it the thread is stopped. */
  readonly taskTimeoutMs?: number;
  /** Heap of one thread, in MB (default 512): past it the thread is stopped and the task fails. */
  readonly maxHeapMb?: number;
}

export interface OffloadPool extends PageReader {
  /** The index's `readPage` in a pool thread. */
  readPage(html: string, url: string, signal?: AbortSignal): Promise<PageFacts>;
  /** Whether a thread was ever started (the pool is lazy). */
  readonly started: boolean;
  /** Tasks queued or running. */
  readonly pending: number;
  /** Stops the threads; tasks still running reject. */
  close(): Promise<void>;
}

const WORKER_FILE = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const DEFAULT_TIMEOUT_MS = 30_000;

export function createOffloadPool(options: OffloadPoolOptions = {}): OffloadPool {
  const timeoutMs = options.taskTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  let pool: Piscina<OffloadTask, OffloadOutcome> | undefined;
  let pending = 0;

  function threads(): Piscina<OffloadTask, OffloadOutcome> {
    pool ??= new Piscina<OffloadTask, OffloadOutcome>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
      // Idle threads leave after a while: their heaps are not kept for a server at rest.
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      // Below the event loop's priority: when cores are short, answering requests comes first.
      niceIncrement: 10,
    });
    return pool;
  }

  async function run<K extends OffloadTask['kind']>(task: OffloadTask & { kind: K }, signal: AbortSignal | undefined): Promise<OffloadResults[K]> {
    const budget = AbortSignal.timeout(timeoutMs);
    let outcome: OffloadOutcome;
    pending++;
    try {
      outcome = await threads().run(task, { signal: signal ? AbortSignal.any([signal, budget]) : budget });
    } catch (error) {
      if (signal?.aborted) throw new ScrapeNetworkError('aborted', 'The request was cancelled while the page was read.');
      // Over the time budget, or out of heap: the page is too much to read. Anything else is a bug and stays one.
      if (budget.aborted || isOutOfMemory(error)) {
        throw new ExtractionError('too_complex', 'The page is too large or too complex to read within the limits.', { cause: error });
      }
      throw error;
    } finally {
      pending--;
    }
    if (!outcome.ok) throw new ExtractionError(outcome.code, outcome.message);
    return outcome.value as OffloadResults[K];
  }

  return {
    readHtml: (html, url, status, signal) => run({ kind: 'read-html', html, url, status }, signal),
    readPage: (html, url, signal) => run({ kind: 'read-page', html, url }, signal),
    readDocument: (kind, source, signal) =>
      run({ kind: 'read-document', documentKind: kind, body: source.body, text: source.text, finalUrl: source.finalUrl }, signal),
    get started() {
      return pool !== undefined;
    },
    get pending() {
      return pending;
    },
    async close() {
      const running = pool;
      pool = undefined;
      await running?.destroy();
    },
  };
}

function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

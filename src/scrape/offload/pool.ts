/**
 * A small pool of worker threads for the CPU-heavy reading of untrusted documents: HTML
 * parsing, extraction and cleaning, PDF reading, and the index's reading of scraped pages. A
 * hostile page (a megabyte of nested elements) then costs a pool thread, never the event loop
 * that answers every other tenant and `/healthz`. Threads start on first use and leave when
 * idle, so a server that never scrapes never pays for them.
 *
 * Fairness: tasks wait in `FairQueue` (one lane per owner, round-robin, no owner on more than
 * all threads but one) and go to piscina only when a thread is free, so piscina never queues.
 * A task's time budget therefore starts when a thread takes it up: waiting is never charged
 * to it, and one account's heavy pages delay its own reads, not another's.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ExtractionError, type PageFacts } from '../extract/index.js';
import type { PageReader } from '../page-reader.js';
import { ScrapeNetworkError } from '../net/index.js';
import { FairQueue } from './fair-queue.js';
import type { OffloadOutcome, OffloadResults, OffloadTask } from './tasks.js';

export interface OffloadPoolOptions {
  /** Threads at most (default: one core fewer than the machine has, at least 2, at most 4). */
  readonly threads?: number;
  /** Longest one task may run on its thread (default 30 s; waiting for a thread not counted); past it the thread is stopped. */
  readonly taskTimeoutMs?: number;
  /** Heap of one thread, in MB (default 512): past it the thread is stopped and the task fails. */
  readonly maxHeapMb?: number;
  /** Largest input one task accepts, in bytes (HTML as UTF-16 code units); larger is refused before it waits (default 16 MiB). */
  readonly maxInputBytes?: number;
}

/** Whose task it is: an account's lane, or `SHARED_LANE` for work no account asked for. */
export type TaskOwner = string | undefined;

/** The lane of callers without an account (the index's background reading, anonymous tools). */
export const SHARED_LANE = '';

export interface OffloadPool extends PageReader {
  /** The index's `readPage` in a pool thread. */
  readPage(html: string, url: string, signal?: AbortSignal, owner?: TaskOwner): Promise<PageFacts>;
  /** The page's whole cleaned `<body>` (`cleanHtml`: Firecrawl's `html` with `onlyMainContent: false`, Jina's `html`) in a pool thread. */
  cleanHtml(html: string, signal?: AbortSignal, owner?: TaskOwner): Promise<string>;
  /** The page's main content as HTML (Firecrawl's `html` format) in a pool thread. */
  mainContentHtml(html: string, url: string, signal?: AbortSignal, owner?: TaskOwner): Promise<string>;
  /** The whole page as Markdown (Firecrawl's `markdown` with `onlyMainContent: false`) in a pool thread. */
  wholePageMarkdown(html: string, url: string, signal?: AbortSignal, owner?: TaskOwner): Promise<string>;
  /** Whether a thread was ever started (the pool is lazy). */
  readonly started: boolean;
  /** Tasks waiting or running. */
  readonly pending: number;
  /** Threads the pool runs at most. */
  readonly threads: number;
  /** Stops the threads; tasks still waiting or running reject. */
  close(): Promise<void>;
}

const WORKER_FILE = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** Two threads at least, so an account using its whole share still leaves one for everyone else. */
export function defaultThreads(): number {
  return Math.max(2, Math.min(4, availableParallelism() - 1));
}

interface Waiting {
  readonly task: OffloadTask;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (outcome: OffloadOutcome) => void;
  readonly reject: (error: unknown) => void;
}

export function createOffloadPool(options: OffloadPoolOptions = {}): OffloadPool {
  const timeoutMs = options.taskTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxInputBytes = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const threadCount = Math.max(1, options.threads ?? defaultThreads());
  // With one thread there is no second to keep free: the lanes still take turns.
  const queue = new FairQueue<Waiting>(Math.max(1, threadCount - 1));
  let pool: Piscina<OffloadTask, OffloadOutcome> | undefined;
  let running = 0;

  function threads(): Piscina<OffloadTask, OffloadOutcome> {
    pool ??= new Piscina<OffloadTask, OffloadOutcome>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: threadCount,
      // Idle threads leave after a while: their heaps are not kept for a server at rest.
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      // Below the event loop's priority: when cores are short, answering requests comes first.
      niceIncrement: 10,
    });
    return pool;
  }

  /** Starts waiting tasks while threads are free; each one's budget starts here, on its thread. */
  function dispatch(): void {
    while (running < threadCount) {
      const next = queue.take();
      if (next === undefined) return;
      running++;
      const { owner, task: waiting } = next;
      void runOnThread(waiting).finally(() => {
        running--;
        queue.finish(owner);
        dispatch();
      });
    }
  }

  async function runOnThread(waiting: Waiting): Promise<void> {
    const { signal } = waiting;
    if (signal?.aborted) return waiting.reject(cancelled());
    const budget = AbortSignal.timeout(timeoutMs);
    try {
      waiting.resolve(await threads().run(waiting.task, { signal: signal ? AbortSignal.any([signal, budget]) : budget }));
    } catch (error) {
      if (signal?.aborted) return waiting.reject(cancelled());
      // Over the time budget, or out of heap: the page is too much to read. Anything else is a bug and stays one.
      if (budget.aborted || isOutOfMemory(error)) return waiting.reject(tooComplex(error));
      waiting.reject(error);
    }
  }

  async function run<K extends OffloadTask['kind']>(
    task: OffloadTask & { kind: K },
    signal: AbortSignal | undefined,
    owner: TaskOwner,
  ): Promise<OffloadResults[K]> {
    // Refused before it waits: a page over the limit costs no one a thread or a place in line.
    if (inputSize(task) > maxInputBytes) throw new ExtractionError('too_complex', 'The page is too large to read within the limits.');
    if (signal?.aborted) throw cancelled();
    const lane = owner ?? SHARED_LANE;
    const outcome = await new Promise<OffloadOutcome>((resolve, reject) => {
      // A caller that gives up while waiting leaves the line at once (a running task is stopped by piscina).
      const leave = () => {
        if (queue.remove(lane, waiting)) reject(cancelled());
      };
      const settle =
        <V>(finish: (value: V) => void) =>
        (value: V) => {
          signal?.removeEventListener('abort', leave);
          finish(value);
        };
      const waiting: Waiting = { task, signal, resolve: settle(resolve), reject: settle(reject) };
      signal?.addEventListener('abort', leave, { once: true });
      queue.enqueue(lane, waiting);
      dispatch();
    });
    if (!outcome.ok) throw new ExtractionError(outcome.code, outcome.message);
    return outcome.value as OffloadResults[K];
  }

  return {
    readHtml: (html, url, status, signal, owner) => run({ kind: 'read-html', html, url, status }, signal, owner),
    readPage: (html, url, signal, owner) => run({ kind: 'read-page', html, url }, signal, owner),
    cleanHtml: (html, signal, owner) => run({ kind: 'clean-html', html }, signal, owner),
    mainContentHtml: (html, url, signal, owner) => run({ kind: 'main-content-html', html, url }, signal, owner),
    wholePageMarkdown: (html, url, signal, owner) => run({ kind: 'whole-page-markdown', html, url }, signal, owner),
    readDocument: (kind, source, signal, owner) =>
      run({ kind: 'read-document', documentKind: kind, body: source.body, text: source.text, finalUrl: source.finalUrl }, signal, owner),
    get started() {
      return pool !== undefined;
    },
    get pending() {
      return running + queue.waiting;
    },
    threads: threadCount,
    async close() {
      for (const waiting of queue.drain()) waiting.reject(new ScrapeNetworkError('aborted', 'The server is shutting down.'));
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}

function inputSize(task: OffloadTask): number {
  return task.kind === 'read-document' ? Math.max(task.body.byteLength, task.text?.length ?? 0) : task.html.length;
}

function cancelled(): ScrapeNetworkError {
  return new ScrapeNetworkError('aborted', 'The request was cancelled while the page was read.');
}

function tooComplex(cause: unknown): ExtractionError {
  return new ExtractionError('too_complex', 'The page is too large or too complex to read within the limits.', { cause });
}

function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

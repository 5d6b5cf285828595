import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const WORKER_FILE = fileURLToPath(new URL('./checkpoint-worker.mjs', import.meta.url));
/** SQLite's own default: the log is copied back once it holds about this many pages. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * Moves WAL checkpoints off the event loop. By default SQLite checkpoints inside the commit
 * that crosses 1000 log pages, and a checkpoint fsyncs the log and the database: on a busy disk
 * that is tens of milliseconds in which no request is answered (it was the p99 of the metered
 * path). Here the serving connection never checkpoints and a worker thread does it every
 * `intervalMs` on its own connection (a PASSIVE checkpoint never blocks writers). Should the
 * thread die, the connection checkpoints for itself again, so the log cannot grow unbounded.
 * `stop` ends the thread (it checkpoints one last time); `started` resolves once it runs.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string, intervalMs = 1000): { readonly started: Promise<void>; stop(): Promise<void> } {
  const worker = new Worker(WORKER_FILE, { workerData: { file, intervalMs } });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
      resolve();
    }),
  );
  // A thread that failed has exited too; the exit handler above takes over.
  worker.on('error', () => undefined);
  const started = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return {
    started,
    async stop() {
      stopping = true;
      // Unreferenced, the thread would not keep the process alive while it finishes: whatever
      // awaits this close would never resume.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

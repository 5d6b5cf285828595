// The SQLite checkpointer thread (see sqlite-checkpoints.ts): copies the write-ahead log back
// into the database file on its own connection, so the fsyncs a checkpoint needs happen here
// and never stall the event loop that answers requests.
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData;
const sqlite = new SQLite(file);
sqlite.pragma('busy_timeout = 5000');
const checkpoint = () => sqlite.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, intervalMs);
parentPort.postMessage('ready');
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  sqlite.close();
  parentPort.close();
});

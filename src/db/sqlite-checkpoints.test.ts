import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground } from './sqlite-checkpoints.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes about `pages` 4 KiB pages in transactions of 100, pausing between them; returns the largest WAL size seen. */
async function write(sqlite: SQLite.Database, file: string, pages: number): Promise<number> {
  sqlite.exec('CREATE TABLE IF NOT EXISTS blobs (b BLOB)');
  const insert = sqlite.prepare('INSERT INTO blobs (b) VALUES (randomblob(4000))');
  const batch = sqlite.transaction(() => {
    for (let i = 0; i < 100; i++) insert.run();
  });
  let largest = 0;
  for (let done = 0; done < pages; done += 100) {
    batch();
    largest = Math.max(largest, statSync(`${file}-wal`).size);
    await sleep(40);
  }
  return largest;
}

function open(): { sqlite: SQLite.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-wal-'));
  dirs.push(dir);
  const file = join(dir, 'quarry.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  return { sqlite, file };
}

describe('WAL checkpoints in a worker thread', () => {
  it('keep the log short although the serving connection never checkpoints', async () => {
    const { sqlite, file } = open();
    const checkpoints = checkpointInBackground(sqlite, file, 50);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await checkpoints.started;
    const largest = await write(sqlite, file, 3000);
    await checkpoints.stop();
    // Without checkpoints the log would hold all ~3000 pages (12 MB); the thread lets it restart.
    expect(largest).toBeLessThan(6 * 1024 * 1024);
    expect(sqlite.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(3000);
    sqlite.close();
  });

  it('lets a process that awaits the close carry on (the thread is unreferenced while it runs)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-wal-'));
    dirs.push(dir);
    const database = pathToFileURL(join(import.meta.dirname, 'database.ts')).href;
    const script = `const { openDatabase } = await import(${JSON.stringify(database)});
      const handle = openDatabase({ sqliteFile: ${JSON.stringify(join(dir, 'quarry.db'))}, backgroundCheckpoints: true });
      await handle.close();
      console.log('closed');`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(output.trim()).toBe('closed');
  });

  it('is what keeps it short: with autocheckpoint off and no thread the log grows', async () => {
    const { sqlite, file } = open();
    sqlite.pragma('wal_autocheckpoint = 0');
    expect(await write(sqlite, file, 1000)).toBeGreaterThan(3.5 * 1024 * 1024);
    sqlite.close();
  });
});

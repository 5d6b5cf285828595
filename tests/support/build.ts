import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Brings dist/ up to date, so that a stale build is rebuilt before the tests' deadlines start. */
export function buildIfStale(): void {
  const build = spawnSync(process.execPath, [join(ROOT, 'bin/build.js'), '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}

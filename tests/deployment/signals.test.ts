/**
 * Issue 27, item 2: stopping the server stops it. SIGTERM to `node bin/start.js`, or to `npm start`
 * (which used to leave node running, orphaned by npm's shell), ends the whole process tree, and the
 * exit code is the server's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../support/build.js';
import { freePort } from '../support/ports.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SLOW = { timeout: 120_000 };

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quarry-signals-'));
  buildIfStale();
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `command` in its own process group and waits until the server answers /healthz. */
async function started(command: string, args: string[]): Promise<{ child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? work,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(work, 'data-')),
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}: ${output}`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
    if (health?.status === 200) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-child.pid!, 'SIGKILL');
  throw new Error(`${command} did not serve: ${output}`);
}

/** Sends `signal` to the started process alone (not its group), then waits for the whole group to end. */
async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<{ code: number | null; groupGone: boolean }> {
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill(signal);
  const [code] = await exited;
  for (let attempt = 0; attempt < 100 && groupAlive(child.pid!); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  const groupGone = !groupAlive(child.pid!);
  if (!groupGone) process.kill(-child.pid!, 'SIGKILL');
  return { code, groupGone };
}

describe('stopping the server', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s to `node bin/start.js` ends it, with its exit code', SLOW, async (signal) => {
    const { child, output } = await started(process.execPath, [join(ROOT, 'bin/start.js')]);
    const { code, groupGone } = await stopped(child, signal);
    expect(groupGone).toBe(true);
    expect(code, output()).toBe(0);
  });

  it('SIGTERM to `npm start` reaches the server: no node process is left running', SLOW, async () => {
    const { child, output } = await started('npm', ['start', '--silent']);
    const { code, groupGone } = await stopped(child, 'SIGTERM');
    expect(groupGone, output()).toBe(true);
    expect(code, output()).toBe(0);
  });
});

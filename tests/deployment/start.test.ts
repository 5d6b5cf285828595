import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../support/build.js';
import { freePort } from '../support/ports.js';

/**
 * Issue 13: the production start runs compiled JavaScript (dist/, built by `tsc` at install and
 * rebuilt when stale), not TypeScript compiled at start by tsx. Every ES module the processes
 * resolve is recorded (tests/support/load-log), so the tests see what really ran.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const LOAD_LOG_HOOK = join(ROOT, 'tests/support/load-log/register.mjs');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const SLOW = { timeout: 180_000 };

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quarry-start-'));
  buildIfStale();
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What a process started with the load log resolved: our modules, by path relative to the repository. */
function loaded(logFile: string): string[] {
  const root = pathToFileURL(ROOT).href;
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(root))
    .map((url) => url.slice(root.length + 1));
}
const typeScriptOrTsx = (paths: string[]) => paths.filter((path) => path.endsWith('.ts') || path.startsWith('node_modules/tsx/'));

describe('the production start', () => {
  it('is `node bin/start.js` with nothing run before it, and the install builds dist/', () => {
    // `exec`: npm's shell becomes node, so the signals npm passes on reach the server (see signals.test.ts).
    expect(pkg.scripts.start).toBe('exec node bin/start.js');
    expect(pkg.scripts.prestart).toBeUndefined();
    expect(pkg.scripts.prepare).toBe('node bin/link-cli.js && node bin/build.js --if-stale');
    expect(pkg.scripts.dev).toContain('tsx watch');
  });

  it('`npm start` serves /healthz from dist/ without loading TypeScript or tsx', SLOW, async () => {
    const port = await freePort();
    const logFile = join(work, 'npm-start.log');
    const child = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      detached: true, // its own process group: npm, the shell and node stop together
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? work,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(work, 'data'),
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: `--import=${pathToFileURL(LOAD_LOG_HOOK).href}`,
        QUARRY_LOAD_LOG: logFile,
      },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      let health: Response | undefined;
      for (let attempt = 0; attempt < 600 && !health; attempt++) {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${output}`);
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status, output).toBe(200);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    const modules = loaded(logFile);
    expect(modules).toContain('bin/start.js');
    expect(modules).toContain('dist/main.js');
    expect(modules).toContain('dist/app.js');
    expect(typeScriptOrTsx(modules)).toEqual([]);
  });

  it('reads pages in worker threads from dist/ without tsx', SLOW, () => {
    const logFile = join(work, 'worker.log');
    const script = `
      const { createOffloadPool } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/scrape/offload/pool.js')).href)});
      const pool = createOffloadPool({ threads: 1 });
      const facts = await pool.readPage('<html><head><title>Compiled worker</title></head><body><p>Hello</p></body></html>', 'https://example.com/');
      await pool.close();
      console.log(JSON.stringify(facts.extracted.title));`;
    // A file, not `-e`: worker threads inherit the process's flags, and `--input-type` breaks theirs.
    const file = join(work, 'read-page.mjs');
    writeFileSync(file, script);
    const result = spawnSync(process.execPath, ['--import', LOAD_LOG_HOOK, file], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', QUARRY_LOAD_LOG: logFile },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('"Compiled worker"');
    const modules = loaded(logFile);
    expect(modules).toContain('dist/scrape/offload/worker.mjs');
    expect(modules).toContain('dist/scrape/offload/tasks.js');
    expect(typeScriptOrTsx(modules)).toEqual([]);
  });

  it('runs the `quarry` CLI from dist/ when the build is current', SLOW, () => {
    const logFile = join(work, 'cli.log');
    const result = spawnSync(process.execPath, ['--import', LOAD_LOG_HOOK, join(ROOT, 'bin/quarry.js'), 'migrate', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: join(work, 'cli-data'), QUARRY_LOAD_LOG: logFile },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ dialect: 'sqlite' });
    const modules = loaded(logFile);
    expect(modules).toContain('dist/cli/main.js');
    expect(typeScriptOrTsx(modules)).toEqual([]);
  });
});

describe('a stale or missing build', () => {
  // A small checkout of its own (the real bin/ and tsconfig files, a two-line src/), so building it takes seconds.
  function checkout(): string {
    const dir = mkdtempSync(join(work, 'checkout-'));
    mkdirSync(join(dir, 'bin'));
    for (const file of ['bin/build.js', 'bin/start.js', 'bin/env-file.js', 'tsconfig.json', 'tsconfig.build.json'])
      copyFileSync(join(ROOT, file), join(dir, file));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/greeting.ts'), "export const greeting: string = 'first build';\n");
    writeFileSync(join(dir, 'src/main.ts'), "import { greeting } from './greeting.js';\nconsole.error(greeting);\n");
    return dir;
  }
  const start = (dir: string) =>
    spawnSync(process.execPath, [join(dir, 'bin/start.js')], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });

  it('is built by `npm start` before it runs, and rebuilt when a source changed since', SLOW, () => {
    const dir = checkout();
    const first = start(dir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('quarry: building');
    expect(first.stderr.trim().split('\n').at(-1)).toBe('first build');

    const again = start(dir);
    expect(again.stderr.trim()).toBe('first build');

    writeFileSync(join(dir, 'src/greeting.ts'), "export const greeting: string = 'second build';\n");
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'src/greeting.ts'), later, later);
    const rebuilt = start(dir);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stderr).toContain('quarry: building');
    expect(rebuilt.stderr.trim().split('\n').at(-1)).toBe('second build');
  });

  it('is not swapped in when tsc fails: the last good build stays', SLOW, () => {
    const dir = checkout();
    expect(start(dir).status).toBe(0);
    writeFileSync(join(dir, 'src/greeting.ts'), 'export const greeting: number = "not a number";\n');
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'src/greeting.ts'), later, later);
    const failed = start(dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('the build failed');
    expect(readFileSync(join(dir, 'dist/greeting.js'), 'utf8')).toContain('first build');
  });
});

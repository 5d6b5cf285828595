/**
 * Runs a benchmark as `npm start` runs the server: compiled by tsc, not through tsx. tsx's
 * esbuild transform keeps function names by wrapping every function made at run time, which
 * costs the metered call 8–9 % (BENCHMARKS.md, third pass of issue 13); `dist/` has no such
 * wrappers, and neither does this build.
 *
 * The whole project (src/, tests/support/, bench/) is compiled incrementally into
 * node_modules/.cache/quarry-bench, where Node still finds the project's node_modules; the
 * files the compiled code finds beside itself (the worker threads' .mjs entries, config/,
 * web/) are copied or linked in.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'node_modules', '.cache', 'quarry-bench');

function copyWorkerEntries(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copyWorkerEntries(source, join(to, entry.name));
    else if (entry.name.endsWith('.mjs')) {
      mkdirSync(to, { recursive: true });
      copyFileSync(source, join(to, entry.name));
    }
  }
}

function build(): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'lib', 'tsc.js');
  const args = ['-p', join(ROOT, 'tsconfig.json'), '--noEmit', 'false', '--outDir', OUT, '--rootDir', ROOT];
  const result = spawnSync(process.execPath, [tsc, ...args, '--incremental', '--tsBuildInfoFile', join(OUT, '.tsbuildinfo')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`tsc failed (exit ${result.status ?? result.signal})`);
  copyWorkerEntries(join(ROOT, 'src'), join(OUT, 'src'));
  for (const dir of ['config', 'web']) if (!existsSync(join(OUT, dir))) symlinkSync(join(ROOT, dir), join(OUT, dir), 'dir');
}

/** Compiles the project and runs `script` (a path under the project, .ts) compiled, with `args`; resolves to its exit code. */
export function runCompiled(script: string, args: readonly string[]): Promise<number> {
  process.stderr.write('bench: compiling with tsc (incremental)…\n');
  build();
  const compiled = join(OUT, relative(ROOT, script)).replace(/\.ts$/, '.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiled, ...args], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

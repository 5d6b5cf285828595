#!/usr/bin/env node
// What `npm start` runs is built, not compiled at start: the TypeScript of src/ into dist/ by
// `tsc -p tsconfig.build.json`, and the dashboard into web/dist (Vite). `node bin/build.js` builds
// both; `--if-stale` (the `prepare` script, and bin/start.js) only what is missing or older than
// its sources. Plain JavaScript, so the production start needs neither tsx nor TypeScript
// unless something is stale.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import console from 'node:console';
import { join, relative } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
/** Written last: its time is when dist/ was complete. */
const STAMP = join(DIST, '.built');
const LOCK = join(ROOT, '.dist-build.lock');
/** The dashboard's sources: without them (an image that ships web/dist alone) there is nothing to build. */
const WEB_SOURCES = join(ROOT, 'web', 'src');
/** Files tsc does not emit that the compiled code loads (the worker threads' entry). */
const ASSET = /\.mjs$/;
const BUILD_INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

const isSource = (name) => (name.endsWith('.ts') && !name.endsWith('.test.ts')) || ASSET.test(name);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') newest = Math.max(newest, newestSource(path));
    } else if (isSource(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * True when dist/ is missing or older than a source. Without src/ (an image that ships dist/
 * alone) dist/ is what there is.
 */
export function serverBuildIsStale() {
  if (!existsSync(SRC)) return false;
  if (!existsSync(STAMP)) return true;
  const inputs = BUILD_INPUTS.map((file) => join(ROOT, file)).filter((file) => existsSync(file));
  return Math.max(newestSource(SRC), ...inputs.map((file) => statSync(file).mtimeMs)) > statSync(STAMP).mtimeMs;
}

function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copyAssets(source, join(to, entry.name));
    else if (ASSET.test(entry.name)) {
      mkdirSync(to, { recursive: true });
      copyFileSync(source, join(to, entry.name));
    }
  }
}

/** tsc into a folder beside dist/, then swapped in: a process starting meanwhile never sees half a build. */
function buildServer() {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'lib', 'tsc.js');
  if (!existsSync(tsc)) throw new Error('dist/ is missing or out of date and TypeScript is not installed: run `npm ci` (with dev dependencies)');
  const staging = join(ROOT, `dist-building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', staging], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`tsc failed (exit ${result.status ?? result.signal}): dist/ is unchanged`);
  }
  copyAssets(SRC, staging);
  writeFileSync(join(staging, '.built'), `${new Date().toISOString()}\n`);
  rmSync(DIST, { recursive: true, force: true });
  renameSync(staging, DIST);
}

/** Several processes may start at once (tests, two instances): one builds, the others wait for it. */
async function withBuildLock(task) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A builder that died leaves its lock behind: a lock older than any build is taken over.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 5 * 60_000) rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another build holds ${relative(ROOT, LOCK)}`);
      await sleep(200);
    }
  }
  try {
    return await task();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** The dashboard's build tooling (scripts/web-build.js), loaded only where the dashboard has sources to build. */
async function webBuild() {
  return import(pathToFileURL(join(ROOT, 'scripts', 'web-build.js')).href);
}

/** True when the dashboard has sources here and web/dist is missing or older than them. */
async function webBuildIsStale() {
  if (!existsSync(WEB_SOURCES)) return false;
  return (await webBuild()).webBuildIsStale();
}

/**
 * For the entry points: builds in a child process when anything is stale (the dashboard build
 * runs Vite in production mode, which must not touch the server's own NODE_ENV).
 */
export async function buildIfStale() {
  if (!serverBuildIsStale() && !(await webBuildIsStale())) return;
  console.error('quarry: building (dist/ or web/dist is missing or older than its sources)…');
  const result = spawnSync(process.execPath, [join(ROOT, 'bin', 'build.js'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('quarry: the build failed; see above');
    process.exit(1);
  }
}

async function main(argv) {
  const ifStale = argv.includes('--if-stale');
  // Vite makes a development bundle (JSX dev runtime) unless NODE_ENV is production.
  process.env.NODE_ENV = 'production';
  await withBuildLock(async () => {
    if (!ifStale || serverBuildIsStale()) {
      buildServer();
      console.log('server built into dist/');
    }
    if (!existsSync(WEB_SOURCES)) return;
    const web = await webBuild();
    if (ifStale && !web.webBuildIsStale()) return;
    await web.buildWeb();
    console.log('dashboard built into web/dist');
  });
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await main(process.argv.slice(2)).catch((error) => {
    console.error(`quarry build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

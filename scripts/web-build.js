// The dashboard's build: Vite, run by `node bin/build.js` (and `prepare`) and by `npm run build:web`.
// Plain JavaScript beside the other build tooling, so bin/build.js loads it without compiling
// anything; the server never imports it (Vite is loaded only when a build runs).
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import console from 'node:console';
import process from 'node:process';

export const WEB_DIR = join(import.meta.dirname, '..', 'web');

/** @param {string} path */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** True when web/dist is missing or older than any source file of the dashboard. */
export function webBuildIsStale(webDir = WEB_DIR) {
  const built = join(webDir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'tsconfig.json'].map((p) => join(webDir, p)).filter((p) => existsSync(p));
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/**
 * Runs `vite build`. It builds beside web/dist and then swaps the folders, so a server (or a test)
 * reading web/dist meanwhile never sees it half written.
 */
export async function buildWeb(webDir = WEB_DIR) {
  const { build } = await import('vite');
  const staging = join(webDir, `dist-building-${process.pid}`);
  await build({ configFile: join(webDir, 'vite.config.ts'), root: webDir, logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
  rmSync(join(webDir, 'dist'), { recursive: true, force: true });
  renameSync(staging, join(webDir, 'dist'));
}

/** Builds when stale; whether it built. */
export async function ensureWebBuild(webDir = WEB_DIR) {
  if (!webBuildIsStale(webDir)) return false;
  await buildWeb(webDir);
  return true;
}

// `npm run build:web` (always builds) or `node scripts/web-build.js --if-stale`.
if (process.argv[1] === import.meta.filename) {
  // Vite makes a development bundle (JSX dev runtime) unless NODE_ENV is production; a build under
  // NODE_ENV=development, or a test runner's NODE_ENV=test, must still ship the real one.
  process.env.NODE_ENV = 'production';
  const built = process.argv.includes('--if-stale') ? await ensureWebBuild() : (await buildWeb(), true);
  if (built) console.log('dashboard built into web/dist');
}

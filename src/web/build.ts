import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_DIR = join(import.meta.dirname, '..', '..', 'web');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** True when web/dist is missing or older than any source file of the dashboard. */
export function webBuildIsStale(webDir = WEB_DIR): boolean {
  const built = join(webDir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'tsconfig.json'].map((p) => join(webDir, p)).filter((p) => existsSync(p));
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/**
 * Runs `vite build` for the dashboard (Vite is imported only here, never by the server). It builds
 * beside web/dist and then swaps the folders, so a server (or a test) reading web/dist meanwhile
 * never sees it half written.
 */
export async function buildWeb(webDir = WEB_DIR): Promise<void> {
  const { build } = await import('vite');
  const staging = join(webDir, `dist-building-${process.pid}`);
  await build({ configFile: join(webDir, 'vite.config.ts'), root: webDir, logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
  rmSync(join(webDir, 'dist'), { recursive: true, force: true });
  renameSync(staging, join(webDir, 'dist'));
}

export async function ensureWebBuild(webDir = WEB_DIR): Promise<boolean> {
  if (!webBuildIsStale(webDir)) return false;
  await buildWeb(webDir);
  return true;
}

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { createTestDatabase } from './database.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = join(REPO_ROOT, 'src/cli/main.ts');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A data folder and database of its own, and a way to run the real `quarry` process against them. */
export interface CliWorkspace {
  /** What the CLI (and an app sharing the database) is configured with. */
  readonly env: Record<string, string>;
  /** Runs `node --import tsx src/cli/main.ts …args` with `env` (plus `extraEnv`), `input` on its stdin, and collects its output. */
  run(args: readonly string[], extraEnv?: Record<string, string>, input?: string): Promise<CliResult>;
  /** Opens the same database the CLI uses, for checks and deliberate corruption. */
  openDatabase(): DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Runs the CLI as an operator would: a separate Node process, configured only through its
 * environment. Its stdin is a pipe carrying `input` (empty by default), then closed.
 */
export function runCliProcess(
  args: readonly string[],
  env: Record<string, string>,
  options: { entry?: string; input?: string; cwd?: string } = {},
): Promise<CliResult> {
  // Only what node and tsx need from the parent: a stray DATABASE_URL must not leak in.
  const inherited = Object.fromEntries(['PATH', 'HOME', 'TMPDIR'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
  const entry = options.entry ?? ENTRY;
  // A bin script registers tsx itself; the TypeScript entry needs the loader on the command line.
  const nodeArgs = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...nodeArgs, ...args],
      { cwd: options.cwd ?? REPO_ROOT, env: { ...inherited, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

export async function createCliWorkspace(extraEnv: Record<string, string> = {}): Promise<CliWorkspace> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-cli-'));
  const database = await createTestDatabase();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIGNUP_CREDITS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...extraEnv,
  };
  return {
    env,
    run: (args, more = {}, input) => runCliProcess(args, { ...env, ...more }, input === undefined ? {} : { input }),
    openDatabase: () => openDatabase({ url: database.url, sqliteFile: join(dataDir, 'quarry.db'), poolSize: 2 }),
    async close() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** stdout parsed as the one JSON document `--json` promises (fails the test if it is anything else). */
export function jsonOf<T = Record<string, unknown>>(result: CliResult): T {
  return JSON.parse(result.stdout) as T;
}

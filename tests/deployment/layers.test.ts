import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer rules of docs/architecture.md are enforced by dependency-cruiser (`npm run lint:layers`,
// a step of .ci/run). These tests run the same command on the real tree, which must be clean, and
// on a small tree with one planted violation of each rule, which must fail naming each of them.
const ROOT = join(import.meta.dirname, '..', '..');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Run {
  readonly code: number;
  readonly output: string;
}

function depcruise(cwd: string, targets: readonly string[]): Promise<Run> {
  const args = [DEPCRUISE, ...targets, '--config', '.dependency-cruiser.mjs', '--output-type', 'err'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, output: stdout + stderr });
    });
  });
}

/** A tree shaped like Quarry's, each file breaking one rule (or none). */
const PLANTED: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  'src/errors.ts': 'export class NotFoundError extends Error {}\n',
  'src/credits/ledger.ts': 'export class InsufficientCreditsError extends Error {}\n',
  'src/credits/index.ts': "export { InsufficientCreditsError } from './ledger.js';\n",
  // http knows no feature, even through its index.
  'src/http/error-map.ts': "import { InsufficientCreditsError } from '../credits/index.js';\nexport const known = [InsufficientCreditsError];\n",
  // A feature reaches another one's internals instead of its index.
  'src/crawl/robots.ts': 'export const parseRobots = (text: string) => text.length;\n',
  'src/crawl/index.ts': "export { parseRobots } from './robots.js';\n",
  'src/compat/map.ts': "import { parseRobots } from '../crawl/robots.js';\nexport const robots = parseRobots('');\n",
  'src/compat/through-index.ts': "import { parseRobots } from '../crawl/index.js';\nexport const fine = parseRobots('');\n",
  // Two files in a circle.
  'src/accounts/users.ts': "import { endAll } from './sessions.js';\nexport const users = () => endAll();\n",
  'src/accounts/sessions.ts': "import type { users } from './users.js';\nexport const endAll = (): ReturnType<typeof users> | void => undefined;\n",
  // The product imports test support.
  'tests/support/database.ts': 'export const testDatabase = 1;\n',
  'src/cli/testing/cli-process.ts': "import { testDatabase } from '../../../tests/support/database.js';\nexport const database = testDatabase;\n",
  // A test file may.
  'src/cli/cli.test.ts': "import { testDatabase } from '../../tests/support/database.js';\nexport const database = testDatabase;\n",
  // A migration imports live code.
  'src/local-index/text.ts': 'export const fold = (text: string) => text.toLowerCase();\n',
  'src/db/migrations/0001-index.ts': "import { fold } from '../../local-index/text.js';\nexport const up = () => fold('A');\n",
  'src/db/migrations/0002-own.ts': "import { up as first } from './0001-index.js';\nexport const up = () => first();\n",
};

describe('the layer rules (dependency-cruiser)', () => {
  let planted: string;

  beforeAll(() => {
    planted = mkdtempSync(join(tmpdir(), 'quarry-layers-'));
    copyFileSync(join(ROOT, '.dependency-cruiser.mjs'), join(planted, '.dependency-cruiser.mjs'));
    for (const [file, text] of Object.entries(PLANTED)) {
      mkdirSync(dirname(join(planted, file)), { recursive: true });
      writeFileSync(join(planted, file), text);
    }
  });

  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it('hold on the real tree (`npm run lint:layers` passes)', async () => {
    const run = await depcruise(ROOT, ['src', 'scripts', 'bin', 'bench', 'tests']);
    expect(run.output).toContain('no dependency violations found');
    expect(run.code).toBe(0);
  }, 120_000);

  it('fail on planted violations, naming each rule and file', async () => {
    const run = await depcruise(planted, ['src', 'tests']);
    expect(run.code).not.toBe(0);
    const violations = run.output
      .split('\n')
      .map((line) => /^\s+error (\S+): (\S+) → ?(\S*)/.exec(line))
      .filter((match) => match !== null)
      .map(([, rule, from, to]) => `${rule} ${from}${to ? ` → ${to}` : ''}`)
      .sort();
    expect(violations).toEqual([
      'features-through-index src/compat/map.ts → src/crawl/robots.ts',
      'http-no-features src/http/error-map.ts → src/credits/index.ts',
      'migrations-frozen src/db/migrations/0001-index.ts → src/local-index/text.ts',
      'no-circular src/accounts/sessions.ts',
      'src-not-to-tests src/cli/testing/cli-process.ts → tests/support/database.ts',
    ]);
  }, 120_000);
});

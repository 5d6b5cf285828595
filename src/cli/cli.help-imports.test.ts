import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliProcess } from '../../tests/support/cli-process.js';

// `quarry --help` must answer at once, so it must not load what only running a command needs.
// Asserted on what the process imports (a module hook lists every module it resolves), not on
// time, which a busy machine would make flaky.
const BIN = fileURLToPath(new URL('../../bin/quarry.js', import.meta.url));
const hooks = mkdtempSync(join(tmpdir(), 'quarry-help-imports-'));
afterAll(() => rmSync(hooks, { recursive: true, force: true }));

writeFileSync(
  join(hooks, 'list-modules.mjs'),
  `export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    process.stderr.write('loaded ' + resolved.url + '\\n');
    return resolved;
  }\n`,
);
writeFileSync(join(hooks, 'register.mjs'), `import { register } from 'node:module';\nregister('./list-modules.mjs', import.meta.url);\n`);

/** Every module `quarry …args` resolved, as repository paths (`src/cli/run.ts`, `dist/cli/run.js`, `node_modules/kysely/…`). */
async function modulesLoadedBy(args: string[]) {
  const result = await runCliProcess(args, { NODE_OPTIONS: `--import ${join(hooks, 'register.mjs')}`, DATA_DIR: '/dev/null/quarry' }, { entry: BIN });
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const modules = [...result.stderr.matchAll(/^loaded file:\/\/(.+)$/gm)].map((match) => match[1]!.replace(/^.*?\/(node_modules\/)/, '$1').replace(root, ''));
  return { result, modules };
}

/** What only running a command needs: storage, accounts, keys, the ledger, search, scrape, crawl, mail, MCP. */
const HEAVY_OURS = /^(?:src|dist)\/(?:db|redis|accounts|keys|credits|billing|local-index|search|scrape|crawl|mail|mcp|chat|jobs|http|compat)\//;
const HEAVY_PACKAGES =
  /^node_modules\/(?:kysely|better-sqlite3|pg|ioredis|@node-rs\/argon2|@sinclair\/typebox|nodemailer|undici|linkedom|@modelcontextprotocol)\//;
const SLOW = { timeout: 60_000 };

describe('quarry --help', SLOW, () => {
  it('prints the command list having loaded only the CLI, its configuration table and the shared errors', async () => {
    const { result, modules } = await modulesLoadedBy(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: quarry <command>');
    expect(
      modules.some((path) => /^(?:src|dist)\/cli\/help\./.test(path)),
      'the hook saw the CLI load',
    ).toBe(true);
    expect(modules.filter((path) => HEAVY_OURS.test(path) || HEAVY_PACKAGES.test(path))).toEqual([]);
  });

  it("and a group's or a command's help are as light", async () => {
    for (const args of [
      ['users', '--help'],
      ['keys', 'revoke', '--help'],
    ]) {
      const { result, modules } = await modulesLoadedBy(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(modules.filter((path) => HEAVY_OURS.test(path) || HEAVY_PACKAGES.test(path))).toEqual([]);
    }
  });

  it('the check sees a heavy module when a command does load one', async () => {
    const { modules } = await modulesLoadedBy(['index', 'stats', '--help']);
    expect(modules.filter((path) => HEAVY_OURS.test(path)).length).toBeGreaterThan(0);
  });
});

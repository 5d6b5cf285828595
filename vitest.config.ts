import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const ROOT = import.meta.dirname;
const TEST_FILES = ['src/**/*.test.ts', 'tests/**/*.test.ts'];

/**
 * The modules through which a test reaches storage: the database layer, Redis, or a child
 * process (the server, the CLI) that opens them. A test file whose static imports lead to one of
 * these is a storage test and also runs in the `postgres` project; the others (extractors,
 * parsers, the network layer…) are pure and run once. Following imports rather than listing
 * files means a new test is classified by what it uses, with nothing to keep up to date.
 */
const STORAGE_MODULES = [
  'src/db/database.ts',
  'tests/support/database.ts',
  'src/cache/redis.ts',
  'src/throttle/redis.ts',
  'tests/support/processes.ts',
  'tests/support/cli-process.ts',
];

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'node_modules' ? [] : walk(join(dir, entry.name))) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Relative imports of a file (static, re-exports and `import()`), as repository paths of .ts files. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts'));
}

function storageTests(): string[] {
  const files = [...walk('src'), ...walk('tests')];
  const known = new Set(files);
  const reaches = new Map<string, boolean>();
  const visit = (file: string, path: Set<string>): boolean => {
    const cached = reaches.get(file);
    if (cached !== undefined) return cached;
    if (STORAGE_MODULES.includes(file)) return true;
    if (path.has(file) || !known.has(file)) return false;
    path.add(file);
    const result = importsOf(file).some((imported) => visit(imported, path));
    path.delete(file);
    reaches.set(file, result);
    return result;
  };
  return files.filter((file) => file.endsWith('.test.ts') && visit(file, new Set()));
}

const shared = { pool: 'forks', testTimeout: 20_000, hookTimeout: 60_000 } as const;

/**
 * `npm test` runs the `sqlite` project: every test file, on SQLite whatever the environment says
 * (Redis-backed tests run when QUARRY_TEST_REDIS_URL is set). With QUARRY_TEST_POSTGRES_URL set
 * it also runs the `postgres` project: the storage tests again, on PostgreSQL. `--project` picks one.
 */
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { test: { ...shared, name: 'sqlite', include: TEST_FILES, env: { QUARRY_TEST_POSTGRES_URL: '' } } },
      ...(process.env.QUARRY_TEST_POSTGRES_URL ? [{ test: { ...shared, name: 'postgres', include: storageTests() } }] : []),
    ],
  },
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where the suite's database lives. With `QUARRY_TEST_POSTGRES_URL` (an admin URL such as
 * `postgres://postgres@127.0.0.1:5433/postgres`) every test file gets a fresh PostgreSQL
 * database of its own; otherwise a fresh SQLite file in its own data folder.
 */
export const TEST_POSTGRES_URL = process.env.QUARRY_TEST_POSTGRES_URL;
export const TEST_DIALECT = TEST_POSTGRES_URL ? 'postgres' : 'sqlite';

export interface TestDatabase {
  /** `DATABASE_URL` for the app, undefined for SQLite. */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_POSTGRES_URL) return { url: undefined, drop: async () => undefined };
  const name = `quarry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

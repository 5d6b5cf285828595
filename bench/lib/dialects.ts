import { createTestDatabase, TEST_POSTGRES_URL } from '../../tests/support/database.js';

export type BenchDialect = 'SQLite' | 'PostgreSQL';

/**
 * Runs `measure` on SQLite (its database URL undefined: the app's own file), then on a fresh
 * PostgreSQL database when `QUARRY_TEST_POSTGRES_URL` is set, dropped afterwards; `only`
 * (`sqlite` or `postgres`, from `--only`) keeps one of them.
 */
export async function onEachDialect(
  only: string | undefined,
  measure: (dialect: BenchDialect, databaseUrl: string | undefined) => Promise<void>,
): Promise<void> {
  if (only !== 'postgres') await measure('SQLite', undefined);
  if (!TEST_POSTGRES_URL || only === 'sqlite') return;
  const database = await createTestDatabase();
  try {
    await measure('PostgreSQL', database.url);
  } finally {
    await database.drop();
  }
}

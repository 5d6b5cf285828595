import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { LAST_USED_MAX_ATTEMPTS, LastUsedFlushError } from './service.js';

/**
 * Issue 16, item 15: one failed `last_used` write no longer loses the whole batch, and a
 * failed write is retried a bounded number of times. The failure is the database's own: a
 * trigger refuses updates of one key's row (SQLite, or PostgreSQL with QUARRY_TEST_POSTGRES_URL).
 */
describe('batched last_used times', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ KEY_LAST_USED_FLUSH_SECONDS: '3600' });
  });
  afterAll(async () => t.close());

  const keys = () => t.quarry.services.keys;
  const lastUsed = async (keyId: number) =>
    (await t.quarry.db.selectFrom('api_keys').select('last_used').where('id', '=', keyId).executeTakeFirstOrThrow()).last_used;

  async function refuseUpdatesOf(keyId: number): Promise<void> {
    if (t.quarry.dialect === 'postgres') {
      await sql`CREATE OR REPLACE FUNCTION refuse_touch() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'touch refused'; END $$ LANGUAGE plpgsql`.execute(
        t.quarry.db,
      );
      await sql
        .raw(`CREATE TRIGGER refuse_touch BEFORE UPDATE ON api_keys FOR EACH ROW WHEN (NEW.id = ${keyId}) EXECUTE FUNCTION refuse_touch()`)
        .execute(t.quarry.db);
    } else {
      await sql
        .raw(`CREATE TRIGGER refuse_touch BEFORE UPDATE ON api_keys WHEN NEW.id = ${keyId} BEGIN SELECT RAISE(ABORT, 'touch refused'); END`)
        .execute(t.quarry.db);
    }
  }
  const allowUpdates = () =>
    sql.raw(t.quarry.dialect === 'postgres' ? 'DROP TRIGGER refuse_touch ON api_keys' : 'DROP TRIGGER refuse_touch').execute(t.quarry.db);

  it('writes every other key when one write fails, and writes the failed one at the next flush', async () => {
    const c = await t.customer();
    const others = await Promise.all([1, 2, 3].map(() => t.createKey(c.access)));
    for (const { key } of [{ key: c.key }, ...others]) expect(await keys().authenticate(key)).toBeDefined();
    await refuseUpdatesOf(others[0]!.id);
    try {
      await expect(keys().flushLastUsed()).rejects.toBeInstanceOf(LastUsedFlushError);
      expect(await lastUsed(c.keyId)).not.toBeNull();
      expect(await lastUsed(others[1]!.id)).not.toBeNull();
      expect(await lastUsed(others[2]!.id)).not.toBeNull();
      expect(await lastUsed(others[0]!.id)).toBeNull();
      // Still known to the API while it waits for the next flush.
      expect((await keys().get(c.id, others[0]!.id)).last_used).not.toBeNull();
    } finally {
      await allowUpdates();
    }
    await keys().flushLastUsed();
    expect(await lastUsed(others[0]!.id)).not.toBeNull();
  });

  it(`gives a write up after ${LAST_USED_MAX_ATTEMPTS} failed attempts`, async () => {
    const c = await t.customer();
    await keys().authenticate(c.key);
    await refuseUpdatesOf(c.keyId);
    try {
      for (let attempt = 1; attempt < LAST_USED_MAX_ATTEMPTS; attempt++) {
        await expect(keys().flushLastUsed()).rejects.toMatchObject({ failed: 1, dropped: 0 });
      }
      await expect(keys().flushLastUsed()).rejects.toMatchObject({ failed: 1, dropped: 1 });
      await keys().flushLastUsed(); // nothing left to retry
    } finally {
      await allowUpdates();
    }
    await keys().flushLastUsed();
    expect(await lastUsed(c.keyId)).toBeNull();
  });
});

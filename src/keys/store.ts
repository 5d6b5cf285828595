import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../db/schema.js';

export type KeyRow = Selectable<ApiKeysTable>;

/**
 * API-key rows, always scoped by owner: every query of a user's keys takes the user id, so
 * one account cannot reach another's keys whatever id it guesses.
 */
export interface KeyStore {
  countActive(userId: number): Promise<number>;
  /**
   * Inside a transaction: takes the owner's row for writing until the transaction ends, so
   * another transaction that claims it waits (PostgreSQL locks the row; SQLite takes its write
   * lock, which serialises writers across processes too). Works the same on both dialects.
   */
  claimOwner(userId: number): Promise<void>;
  listActive(userId: number, offset: number, limit: number): Promise<KeyRow[]>;
  findActive(userId: number, keyId: number): Promise<KeyRow | undefined>;
  insert(row: Omit<KeyRow, 'id' | 'last_used' | 'revoked_at' | 'ciphertext'>): Promise<KeyRow>;
  setCiphertext(keyId: number, ciphertext: string): Promise<void>;
  rename(userId: number, keyId: number, name: string): Promise<KeyRow | undefined>;
  /** Revokes an active key; false when it was not active (or not the user's). */
  revoke(userId: number, keyId: number, at: Date): Promise<boolean>;
  /** The key with this digest and its owner's state, in one query (the hot path of every metered call). */
  byDigest(digest: string): Promise<(KeyRow & { owner_active: number; owner_locked_until: string | null }) | undefined>;
  /** Records when a key was last used. */
  touch(keyId: number, at: string): Promise<void>;
}

export function createKeyStore(db: Kysely<Database>): KeyStore {
  return {
    async countActive(userId) {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('is_active', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async claimOwner(userId) {
      await db
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', userId)
        .execute();
    },
    listActive: (userId, offset, limit) =>
      db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('is_active', '=', 1)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    findActive: (userId, keyId) =>
      db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('id', '=', keyId).where('is_active', '=', 1).executeTakeFirst(),
    insert: (row) =>
      db
        .insertInto('api_keys')
        .values({ ...row, ciphertext: null, last_used: null, revoked_at: null })
        .returningAll()
        .executeTakeFirstOrThrow(),
    async setCiphertext(keyId, ciphertext) {
      await db.updateTable('api_keys').set({ ciphertext }).where('id', '=', keyId).execute();
    },
    rename: (userId, keyId, name) =>
      db
        .updateTable('api_keys')
        .set({ name })
        .where('user_id', '=', userId)
        .where('id', '=', keyId)
        .where('is_active', '=', 1)
        .returningAll()
        .executeTakeFirst(),
    async revoke(userId, keyId, at) {
      const result = await db
        .updateTable('api_keys')
        .set({ is_active: 0, revoked_at: at.toISOString() })
        .where('user_id', '=', userId)
        .where('id', '=', keyId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    byDigest: (digest) =>
      db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.user_id')
        .selectAll('api_keys')
        .select(['users.is_active as owner_active', 'users.locked_until as owner_locked_until'])
        .where('api_keys.digest', '=', digest)
        .executeTakeFirst(),
    async touch(keyId, at) {
      await db.updateTable('api_keys').set({ last_used: at }).where('id', '=', keyId).execute();
    },
  };
}

import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import { endAllSessions } from './sessions.js';

export type UserRow = Selectable<UsersTable>;

/** Emails are compared case-insensitively: stored lower-cased and trimmed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface UserStore {
  byEmail(email: string): Promise<UserRow | undefined>;
  byId(id: number): Promise<UserRow | undefined>;
  /** Inserts a user; returns undefined when the email is taken. */
  insert(user: { email: string; passwordHash: string; isActive: boolean; now: Date }): Promise<UserRow | undefined>;
  /** Flips an inactive user to active; false when it was active already (or does not exist). */
  activate(id: number): Promise<boolean>;
  /** Counts a failed login and locks the account once `threshold` failures are reached. */
  recordFailedLogin(id: number, threshold: number, lockUntil: Date): Promise<void>;
  recordLogin(id: number, now: Date): Promise<void>;
  setLockedUntil(id: number, until: Date | null): Promise<void>;
  /** Refuses every login token issued so far (see sessions.ts). */
  endSessions(id: number): Promise<void>;
}

export function createUserStore(db: Kysely<Database>): UserStore {
  return {
    byEmail: (email) => db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst(),
    byId: (id) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    async insert({ email, passwordHash, isActive, now }) {
      return db
        .insertInto('users')
        .values({
          email: normaliseEmail(email),
          password_hash: passwordHash,
          is_active: isActive ? 1 : 0,
          date_joined: now.toISOString(),
          locked_until: null,
          last_login: null,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    async activate(id) {
      const result = await db.updateTable('users').set({ is_active: 1 }).where('id', '=', id).where('is_active', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async recordFailedLogin(id, threshold, lockUntil) {
      // One statement, so concurrent failures cannot lose a count.
      await db
        .updateTable('users')
        .set({
          failed_logins: sql`CASE WHEN failed_logins + 1 >= ${threshold} THEN 0 ELSE failed_logins + 1 END`,
          locked_until: sql`CASE WHEN failed_logins + 1 >= ${threshold} THEN ${lockUntil.toISOString()} ELSE locked_until END`,
        })
        .where('id', '=', id)
        .execute();
    },
    async recordLogin(id, now) {
      await db.updateTable('users').set({ failed_logins: 0, last_login: now.toISOString() }).where('id', '=', id).execute();
    },
    async setLockedUntil(id, until) {
      await db
        .updateTable('users')
        .set({ locked_until: until?.toISOString() ?? null, failed_logins: 0 })
        .where('id', '=', id)
        .execute();
    },
    async endSessions(id) {
      await db.updateTable('users').set(endAllSessions()).where('id', '=', id).execute();
    },
  };
}

export const isLocked = (user: UserRow, now: Date) => user.locked_until !== null && user.locked_until > now.toISOString();

/**
 * The operator's lock (`quarry users lock`) is a lock without end. It suspends the whole account,
 * API keys included; a lockout after failed logins is temporary and stops logins and login tokens
 * only, so a stranger who guesses an address cannot cut its owner's API integrations off.
 */
export const OPERATOR_LOCK_UNTIL = '9999-12-31T00:00:00.000Z';
export const isOperatorLocked = (lockedUntil: string | null) => lockedUntil !== null && lockedUntil >= OPERATOR_LOCK_UNTIL;

import type { Kysely } from 'kysely';
import { isOperatorLocked } from '../accounts/index.js';
import type { Database } from '../db/schema.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import { createSecretBox, digestOf, displayPrefix, generateSecret, looksLikeSecret, sameDigest } from './secrets.js';
import { createKeyStore, type KeyRow } from './store.js';
import { createVerifiedKeyCache, type KeyAccessChange, type VerifiedKey } from './verified-cache.js';

export interface KeyView {
  readonly id: number;
  readonly name: string;
  readonly prefix: string;
  readonly created: string;
  readonly last_used: string | null;
  readonly is_active: boolean;
  readonly revealable: boolean;
}

export interface KeyWithSecret extends KeyView {
  readonly key: string;
}

export interface AuthenticatedKey {
  readonly keyId: number;
  readonly userId: number;
}

/** A key created without encrypted storage has no ciphertext to reveal. */
export class KeyNotRevealableError extends Error {
  constructor(message = 'This key was created without encrypted storage and cannot be revealed. Reset it to get a new key.') {
    super(message);
    this.name = 'KeyNotRevealableError';
  }
}

/**
 * Some `last_used` times could not be written. They are kept for the next flush (up to
 * `LAST_USED_MAX_ATTEMPTS` tries each); `dropped` says how many were given up for good.
 */
export class LastUsedFlushError extends Error {
  constructor(
    readonly failed: number,
    readonly dropped: number,
    cause: unknown,
  ) {
    super(`${failed} last_used write(s) failed; ${failed - dropped} kept for the next flush, ${dropped} dropped`, { cause });
    this.name = 'LastUsedFlushError';
  }
}

/** How often one key's `last_used` write is tried before it is dropped. */
export const LAST_USED_MAX_ATTEMPTS = 5;
/** Most `last_used` times held in memory; failed writes beyond it are dropped, not kept. */
export const LAST_USED_MAX_PENDING = 10_000;
/** Most verified keys kept in memory; the least recently used go first. */
const MAX_CACHED_KEYS = 10_000;

export interface KeyServiceOptions {
  readonly db: Kysely<Database>;
  /** Unset → keys are stored as digests only ("legacy": they cannot be revealed). */
  readonly encryptionSecret: string | undefined;
  readonly maxKeysPerAccount: number;
  readonly now: () => Date;
  /** How long a verified key is trusted without reading the database again; 0 → read on every call. */
  readonly cacheSeconds: number;
  /** Tells the other instances that keys stopped being valid (Redis pub/sub); unset → one instance. */
  readonly announce?: (change: KeyAccessChange) => Promise<void>;
  /** A failed announcement: the change is made, other instances see it when their cache entry expires. */
  readonly onAnnounceError?: (error: unknown) => void;
}

export type KeyService = ReturnType<typeof createKeyService>;

export function createKeyService(options: KeyServiceOptions) {
  const { db, now } = options;
  const box = options.encryptionSecret ? createSecretBox(options.encryptionSecret) : undefined;
  const store = createKeyStore(db);
  const verified = createVerifiedKeyCache({ ttlSeconds: options.cacheSeconds, maxEntries: MAX_CACHED_KEYS });
  // last_used is written in batches: a write per request would make every metered call a write.
  const pendingUse = new Map<number, string>();
  // Failed write attempts per key, for the keys whose time is pending again after a failure.
  const failedAttempts = new Map<number, number>();

  const view = (row: KeyRow): KeyView => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created: row.created,
    last_used: pendingUse.get(row.id) ?? row.last_used,
    is_active: row.is_active === 1,
    revealable: row.ciphertext !== null,
  });

  async function issue(executor: Kysely<Database>, userId: number, name: string): Promise<KeyWithSecret> {
    const scoped = createKeyStore(executor);
    const secret = generateSecret();
    const row = await scoped.insert({
      user_id: userId,
      name,
      prefix: displayPrefix(secret),
      digest: digestOf(secret),
      is_active: 1,
      created: now().toISOString(),
    });
    if (!box) return { ...view(row), key: secret };
    const ciphertext = box.seal(secret, row.id);
    await scoped.setCiphertext(row.id, ciphertext);
    return { ...view({ ...row, ciphertext }), key: secret };
  }

  /** After the change is committed: this instance at once, the others through the announcement. */
  async function accessChanged(change: KeyAccessChange): Promise<void> {
    verified.forget(change);
    if (!options.announce) return;
    try {
      await options.announce(change);
    } catch (error) {
      options.onAnnounceError?.(error);
    }
  }

  function used(key: VerifiedKey): AuthenticatedKey {
    pendingUse.set(key.keyId, now().toISOString());
    return { keyId: key.keyId, userId: key.userId };
  }

  async function verifyAndRemember(digest: string): Promise<AuthenticatedKey | undefined> {
    const generation = verified.generation();
    const row = await store.byDigest(digest);
    if (!row || !sameDigest(row.digest, digest) || row.is_active !== 1 || row.owner_active !== 1 || isOperatorLocked(row.owner_locked_until)) return undefined;
    const key = { keyId: row.id, userId: row.user_id };
    verified.remember(digest, key, generation);
    return used(key);
  }

  async function mustFind(userId: number, keyId: number): Promise<KeyRow> {
    const row = await store.findActive(userId, keyId);
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    /**
     * The count and the insert run in one transaction that first claims the account's row
     * (a row lock on PostgreSQL, the write lock on SQLite), so concurrent creations for one
     * account queue up and the cap holds however many race.
     */
    async create(userId: number, name: string): Promise<KeyWithSecret> {
      return db.transaction().execute(async (trx) => {
        const scoped = createKeyStore(trx);
        await scoped.claimOwner(userId);
        if ((await scoped.countActive(userId)) >= options.maxKeysPerAccount) {
          throw InvalidInputError.field('non_field_errors', `An account may hold at most ${options.maxKeysPerAccount} active keys. Revoke one first.`);
        }
        return issue(trx, userId, name);
      });
    },

    async list(userId: number, offset: number, limit: number) {
      const [count, rows] = await Promise.all([store.countActive(userId), store.listActive(userId, offset, limit)]);
      return { count, results: rows.map(view) };
    },

    count: (userId: number) => store.countActive(userId),

    get: async (userId: number, keyId: number) => view(await mustFind(userId, keyId)),

    async rename(userId: number, keyId: number, name: string) {
      const row = await store.rename(userId, keyId, name);
      if (!row) throw new NotFoundError();
      return view(row);
    },

    async revoke(userId: number, keyId: number) {
      if (!(await store.revoke(userId, keyId, now()))) throw new NotFoundError();
      await accessChanged({ keyId });
    },

    /** Revokes the key and issues a new one with the same name, atomically. */
    async reset(userId: number, keyId: number): Promise<KeyWithSecret> {
      const fresh = await db.transaction().execute(async (trx) => {
        const scoped = createKeyStore(trx);
        const old = await scoped.findActive(userId, keyId);
        if (!old || !(await scoped.revoke(userId, keyId, now()))) throw new NotFoundError();
        return issue(trx, userId, old.name);
      });
      await accessChanged({ keyId });
      return fresh;
    },

    /** Every key of the account stops (an operator lock or a deactivation, committed by the caller). */
    ownerSuspended: (userId: number) => accessChanged({ userId }),

    /** A change another instance announced: forgotten here only. */
    forget: (change: KeyAccessChange) => verified.forget(change),

    /** Forgets every verified key (announcements may have been missed). */
    forgetAll: () => verified.clear(),

    async reveal(userId: number, keyId: number): Promise<KeyWithSecret> {
      const row = await mustFind(userId, keyId);
      if (!row.ciphertext || !box) throw new KeyNotRevealableError();
      let secret: string;
      try {
        secret = box.open(row.ciphertext, row.id);
      } catch {
        // Sealed under another KEY_ENCRYPTION_SECRET (rotated or lost): the owner's way out is a reset, not a 500.
        throw new KeyNotRevealableError('This key was sealed with another encryption secret and cannot be revealed. Reset it to get a new key.');
      }
      return { ...view(row), key: secret };
    },

    /**
     * The key behind an `X-API-KEY` value, or undefined when it is unknown, revoked, or its owner is
     * inactive or locked by the operator. A key found valid is trusted for `cacheSeconds` without
     * reading the database; revoking or resetting it, or suspending its owner through this service,
     * forgets it at once here and, through `announce`, on the other instances.
     */
    authenticate(secret: string): AuthenticatedKey | undefined | Promise<AuthenticatedKey | undefined> {
      if (!looksLikeSecret(secret)) return undefined;
      const digest = digestOf(secret);
      const known = verified.lookup(digest);
      // A key verified moments ago answers at once, without a promise: this runs on every
      // metered request. Only a key not seen lately waits for the database.
      return known ? used(known) : verifyAndRemember(digest);
    },

    /**
     * Writes batched last_used times; called on a timer and at shutdown. Each time is written
     * on its own, so one failed write loses nothing else; a failed one is kept for the next
     * flush (a newer use of the key meanwhile wins) until it has failed
     * `LAST_USED_MAX_ATTEMPTS` times or `LAST_USED_MAX_PENDING` times are waiting. Throws
     * LastUsedFlushError, after trying every entry, when any write failed.
     */
    async flushLastUsed() {
      if (pendingUse.size === 0) return;
      const batch = [...pendingUse];
      pendingUse.clear();
      const failed: [number, string][] = [];
      let firstError: unknown;
      for (const [keyId, at] of batch) {
        try {
          await store.touch(keyId, at);
          failedAttempts.delete(keyId);
        } catch (error) {
          firstError ??= error;
          failed.push([keyId, at]);
        }
      }
      if (failed.length === 0) return;
      let dropped = 0;
      for (const [keyId, at] of failed) {
        const attempts = (failedAttempts.get(keyId) ?? 0) + 1;
        if (attempts >= LAST_USED_MAX_ATTEMPTS || (!pendingUse.has(keyId) && pendingUse.size >= LAST_USED_MAX_PENDING)) {
          failedAttempts.delete(keyId);
          dropped += 1;
          continue;
        }
        failedAttempts.set(keyId, attempts);
        if (!pendingUse.has(keyId)) pendingUse.set(keyId, at);
      }
      throw new LastUsedFlushError(failed.length, dropped, firstError);
    },
  };
}

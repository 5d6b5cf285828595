import { LRUCache } from 'lru-cache';

/** A key found active (with an active, not operator-locked owner) at the time it was read. */
export interface VerifiedKey {
  readonly keyId: number;
  readonly userId: number;
}

/** What stopped being valid: one key (revoke, reset), or every key of an account (lock, deactivation). */
export type KeyAccessChange = { readonly keyId: number } | { readonly userId: number };

/**
 * Keys verified recently, by the SHA-256 digest of their secret (never the secret itself), so a
 * metered call does not read the database to authenticate. Only positive answers are kept: an
 * unknown or revoked key is always read again, so a key that becomes valid works at once.
 *
 * A verification that read the database before a `forget` must not put its (now stale) answer
 * back: every forget starts a new generation, and `remember` ignores an answer read in an older one.
 */
export function createVerifiedKeyCache(options: { readonly ttlSeconds: number; readonly maxEntries: number }) {
  const enabled = options.ttlSeconds > 0;
  const entries = new LRUCache<string, VerifiedKey>({ max: options.maxEntries, ttl: Math.max(1, options.ttlSeconds * 1000) });
  let generation = 0;

  return {
    /**
     * The verified key behind this digest, still fresh. The map is keyed by the digest itself, so
     * a found entry's digest equals it: comparing them again (in constant time, as the database
     * read is) could never fail and cost two hex decodes on every call. What the lookup's timing
     * could tell is whether a digest is cached, and finding a cached digest needs its secret.
     */
    lookup(digest: string): VerifiedKey | undefined {
      return enabled ? entries.get(digest) : undefined;
    },

    /** The generation to hand back to `remember`; take it before reading the database. */
    generation: () => generation,

    remember(digest: string, key: VerifiedKey, readInGeneration: number): void {
      if (enabled && readInGeneration === generation) entries.set(digest, { keyId: key.keyId, userId: key.userId });
    },

    forget(change: KeyAccessChange): void {
      generation += 1;
      const matches = 'keyId' in change ? (e: VerifiedKey) => e.keyId === change.keyId : (e: VerifiedKey) => e.userId === change.userId;
      const stale = [...entries.entries()].filter(([, entry]) => matches(entry));
      for (const [digest] of stale) entries.delete(digest);
    },

    /** Forgets everything (after missing invalidations, e.g. while Redis was unreachable). */
    clear(): void {
      generation += 1;
      entries.clear();
    },
  };
}

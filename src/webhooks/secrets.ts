/**
 * Each account's webhook signing secret: made on first need, sealed at rest with
 * `KEY_ENCRYPTION_SECRET` under a key of its own (src/keys' secret box, purpose
 * `webhook-secret-v1`, bound to the account id), replaced by a rotation. The secret is only ever
 * returned to its owner and used to sign; it is never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createSecretBox } from '../keys/index.js';
import type { WebhookTables } from './tables.js';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export interface WebhookSecrets {
  /** The account's secret, made now when it has none. */
  secretOf(userId: number): Promise<string>;
  /** Replaces the account's secret; deliveries not yet sent are signed with the new one. */
  rotate(userId: number): Promise<string>;
}

const newSecret = () => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');

export function createWebhookSecrets(database: Kysely<Database>, masterSecret: string, now: () => Date): WebhookSecrets {
  const db = database.withTables<WebhookTables>();
  const box = createSecretBox(masterSecret, 'webhook-secret-v1');

  async function read(userId: number): Promise<string | undefined> {
    const row = await db.selectFrom('webhook_secrets').select('ciphertext').where('user_id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : box.open(row.ciphertext, userId);
  }

  return {
    async secretOf(userId) {
      const existing = await read(userId);
      if (existing !== undefined) return existing;
      // Two first needs at once: the first insert wins and both read it.
      await db
        .insertInto('webhook_secrets')
        .values({ user_id: userId, ciphertext: box.seal(newSecret(), userId), created: now().toISOString() })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
      return (await read(userId))!;
    },
    async rotate(userId) {
      const secret = newSecret();
      const ciphertext = box.seal(secret, userId);
      await db
        .insertInto('webhook_secrets')
        .values({ user_id: userId, ciphertext, created: now().toISOString() })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ciphertext, created: now().toISOString() }))
        .execute();
      return secret;
    },
  };
}

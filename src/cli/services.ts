import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildAccountService, type AccountService, createUserStore, type UserRow, type UserStore } from '../accounts/index.js';
import type { Config } from '../config/index.js';
import { createLedger, type Ledger } from '../credits/index.js';
import { openDatabase, type DialectName } from '../db/database.js';
import { migrateToLatest, type MigrationReport } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { keyAccessChannelName, publishKeyAccessChange, createKeyService, type KeyService } from '../keys/index.js';
import { createMailer } from '../mail/index.js';
import { createMemoryRateLimiter } from '../throttle/memory.js';
import { UnknownUserError } from './errors.js';

/** The services an operator command works with, over the configured and migrated database. */
export interface CliServices {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  /** What opening the database applied (the `migrate` command reports it). */
  readonly migrations: MigrationReport;
  readonly users: UserStore;
  readonly accounts: AccountService;
  readonly keys: KeyService;
  readonly ledger: Ledger;
  /** The account with this email; throws UnknownUserError when there is none. */
  userByEmail(email: string): Promise<UserRow>;
  /** Origin put into activation links mailed by the CLI. */
  readonly origin: string;
  /** The clock every service here reads. */
  readonly now: () => Date;
  close(): Promise<void>;
}

export interface CliServiceOptions {
  /** Receives one human-readable line per side effect worth telling (mail stored in the outbox…). */
  readonly notice: (line: string) => void;
  /** Defaults to the wall clock. */
  readonly now?: () => Date;
}

/**
 * Opens the database, applies pending migrations and builds the services with the same
 * factories and settings as the HTTP app (src/app.ts), so a user or key made here is exactly
 * what the API would have made. No HTTP server or timers: a command runs and exits. Redis (when
 * configured) only tells the running instances that an account was locked, so they stop its keys.
 */
export async function openCliServices(config: Config, options: CliServiceOptions): Promise<CliServices> {
  const now = options.now ?? (() => new Date());
  const database = openDatabase({ url: config.databaseUrl, sqliteFile: join(config.dataDir, 'quarry.db'), poolSize: 2 });
  let migrations: MigrationReport;
  try {
    migrations = await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { db } = database;
  const mailer = createMailer(config, db, (fields, message) => options.notice(`${message}: ${JSON.stringify(fields)}`));
  // Only resend-activation throttles, which no command calls; a process-local limiter is enough.
  const limiter = createMemoryRateLimiter();
  const ledger = createLedger(database, now);
  const users = createUserStore(db);
  // Connected on first use only: most commands never lock an account or revoke a key.
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', () => undefined); // a failed publish is reported by onSuspended below
  const notTold = (what: string) => (error: unknown) =>
    options.notice(
      `the running instances could not be told through Redis (${error instanceof Error ? error.message : String(error)}); they stop ${what} within KEY_CACHE_SECONDS`,
    );
  const onSuspended = async (userId: number) => {
    if (!redis) return;
    try {
      await publishKeyAccessChange(redis, keyAccessChannelName(config.redisKeyPrefix), { userId });
    } catch (error) {
      notTold("the account's keys")(error);
    }
  };
  const { accounts } = buildAccountService(config, {
    db,
    users,
    mailer,
    ledger,
    limiter,
    now,
    onMailError: (error) => options.notice(`activation mail could not be sent: ${error instanceof Error ? error.message : String(error)}`),
    onSuspended,
  });
  // A command runs and exits: nothing to cache. (The server's cache forgets on its own within KEY_CACHE_SECONDS.)
  // A revoke is announced as the server announces it, so instances sharing Redis stop the key at once.
  const keys = createKeyService({
    db,
    encryptionSecret: config.keyEncryptionSecret,
    maxKeysPerAccount: config.maxKeysPerAccount,
    now,
    cacheSeconds: 0,
    ...(redis
      ? { announce: (change) => publishKeyAccessChange(redis, keyAccessChannelName(config.redisKeyPrefix), change), onAnnounceError: notTold('the key') }
      : {}),
  });

  return {
    db,
    dialect: database.dialect,
    migrations,
    users,
    accounts,
    keys,
    ledger,
    origin: config.publicUrl ?? `http://${config.host}:${config.port}`,
    now,
    async userByEmail(email) {
      const user = await users.byEmail(email);
      if (!user) throw new UnknownUserError(email.trim());
      return user;
    },
    async close() {
      await limiter.close();
      if (redis?.status === 'ready') await redis.quit();
      else redis?.disconnect();
      await mailer.close();
      await database.close();
    },
  };
}

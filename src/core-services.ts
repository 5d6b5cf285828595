/**
 * The services every request may go through, built once by the composition root (src/app.ts)
 * over the shared resources (src/deps.ts): the ledger, the key service (and the Redis channel
 * that tells other instances of a revoke), the users and accounts, the mailer, the
 * authentication hooks and the metered-request lifecycle.
 */
import type { FastifyBaseLogger } from 'fastify';
import { buildAccountService } from './accounts/build.js';
import { createUserStore } from './accounts/users.js';
import type { Config } from './config/index.js';
import { createLedger } from './credits/ledger.js';
import { createMetering } from './credits/metering.js';
import type { Deps } from './deps.js';
import { createAuthHooks } from './http/auth.js';
import { createKeyAccessChannel, keyAccessChannelName, publishKeyAccessChange } from './keys/access-channel.js';
import { looksLikeSecret } from './keys/secrets.js';
import { createKeyService } from './keys/service.js';
import { createMailer } from './mail/build.js';
import type { Mailer } from './mail/mailer.js';

export interface CoreServicesOptions {
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  /** Replaces the SMTP/outbox choice. */
  readonly mailer?: Mailer | undefined;
}

export async function buildCoreServices(config: Config, deps: Deps, options: CoreServicesOptions) {
  const { log, now } = options;
  const { database, redis, limiter } = deps;
  const { db } = database;
  const mailer =
    options.mailer ??
    createMailer(
      config,
      db,
      (fields, msg) => log.info(fields, msg),
      (fields, msg) => log.error(fields, msg),
    );
  const ledger = createLedger(database, now);
  // Verified keys are cached per instance; a revoke on one instance reaches the others through
  // Redis pub/sub. The key service announces on the channel's name (publishing needs no
  // subscriber), so it exists before the channel that delivers the other instances' changes to it.
  const channel = keyAccessChannelName(config.redisKeyPrefix);
  const keys = createKeyService({
    db,
    encryptionSecret: config.keyEncryptionSecret,
    maxKeysPerAccount: config.maxKeysPerAccount,
    now,
    cacheSeconds: config.keyCacheSeconds,
    ...(redis
      ? {
          announce: (change) => publishKeyAccessChange(redis, channel, change),
          onAnnounceError: (error: unknown) => log.error({ err: error }, 'key revocation not announced'),
        }
      : {}),
  });
  const keyAccess = redis
    ? createKeyAccessChannel(redis, {
        channel,
        onChange: (change) => keys.forget(change),
        onResync: () => keys.forgetAll(),
        onError: (error) => log.warn({ err: error }, 'key revocation channel problem'),
      })
    : undefined;
  await keyAccess?.subscribed;
  const users = createUserStore(db);
  const { accounts, tokens } = buildAccountService(config, {
    db,
    users,
    mailer,
    ledger,
    limiter,
    now,
    onMailError: (error) => log.error({ err: error }, 'activation mail could not be sent'),
    onSuspended: keys.ownerSuspended,
  });
  const auth = createAuthHooks({
    authenticateAccess: accounts.authenticateAccess,
    authenticateKey: keys.authenticate,
    userById: users.byId,
    looksLikeKey: looksLikeSecret,
    trustedOrigins: [...config.csrfTrustedOrigins, new URL(config.publicUrl).origin],
  });
  const metering = createMetering({
    authenticate: auth.requireApiKey,
    ledger,
    limiter,
    keyRate: config.throttleKeyRate,
    accountRate: config.throttleAccountRate,
    holdTtlSeconds: config.holdTtlSeconds,
  });
  return {
    mailer,
    ledger,
    keys,
    users,
    accounts,
    tokens,
    auth,
    metering,
    /** Writes the keys' pending `last_used` times, stops listening for revokes and closes the mailer. */
    async close() {
      await keys.flushLastUsed().catch((error) => log.error({ err: error }, 'last_used flush failed'));
      await keyAccess?.close();
      await mailer.close();
    },
  };
}

export type CoreServices = Awaited<ReturnType<typeof buildCoreServices>>;

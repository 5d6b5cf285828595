import type { Redis } from 'ioredis';
import type { KeyAccessChange } from './verified-cache.js';

/**
 * Tells every instance sharing one Redis that a key or an account's keys stopped being valid, so
 * each drops them from its cache of verified keys within milliseconds. Redis pub/sub keeps
 * nothing for a subscriber that is away: after each (re)connection the whole cache is dropped,
 * as invalidations may have been missed meanwhile.
 */
export interface KeyAccessChannel {
  /** Tells the other instances (this one applies the change itself, before it publishes). */
  publish(change: KeyAccessChange): Promise<void>;
  /** Resolves once the first subscription is in place (or failed: see `onError`). */
  readonly subscribed: Promise<void>;
  close(): Promise<void>;
}

export interface KeyAccessChannelOptions {
  readonly channel: string;
  readonly onChange: (change: KeyAccessChange) => void;
  /** Called on every (re)connection of the subscriber: changes may have been missed. */
  readonly onResync: () => void;
  readonly onError: (error: unknown) => void;
}

/** The channel of one deployment (its REDIS_KEY_PREFIX). */
export const keyAccessChannelName = (redisKeyPrefix: string) => `${redisKeyPrefix}keys:access`;

/** Publishes on any connection (the CLI has no subscriber). */
export async function publishKeyAccessChange(redis: Redis, channel: string, change: KeyAccessChange): Promise<void> {
  await redis.publish(channel, JSON.stringify(change));
}

export function createKeyAccessChannel(redis: Redis, options: KeyAccessChannelOptions): KeyAccessChannel {
  // A connection in subscriber mode can run nothing else, so it is a connection of its own.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  let markSubscribed!: () => void;
  const subscribed = new Promise<void>((resolve) => (markSubscribed = resolve));
  // Redis unreachable at start: the app starts anyway; the cache's lifetime bounds staleness until it connects.
  subscriber.once('error', () => markSubscribed());
  subscriber.on('error', options.onError);
  subscriber.on('ready', () => {
    options.onResync();
    subscriber.subscribe(options.channel).then(
      () => markSubscribed(),
      (error: unknown) => {
        options.onError(error);
        markSubscribed();
      },
    );
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== options.channel) return;
    const change = parseChange(message);
    if (change) options.onChange(change);
    else options.onError(new Error(`ignored a malformed key-access message: ${message.slice(0, 100)}`));
  });

  return {
    subscribed,
    publish: (change) => publishKeyAccessChange(redis, options.channel, change),
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/** `{"keyId": n}` or `{"userId": n}`; anything else (another writer on the channel) is not a change. */
function parseChange(message: string): KeyAccessChange | undefined {
  if (!/^\{"(keyId|userId)":\d{1,15}\}$/.test(message)) return undefined;
  const value = JSON.parse(message) as { keyId?: number; userId?: number };
  return value.keyId !== undefined ? { keyId: value.keyId } : { userId: value.userId! };
}

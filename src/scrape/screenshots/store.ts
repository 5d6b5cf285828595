import { hash, randomBytes } from 'node:crypto';
import type { ResultCache } from '../../cache/result-cache.js';
import type { CapturedScreenshot, ScreenshotType } from './spec.js';

/** The path screenshots are served under; the token and extension follow. */
export const SCREENSHOTS_PATH = '/api/v1/screenshots/';
/** The file extension of each image type in a screenshot's URL. */
export const SCREENSHOT_EXTENSIONS: Record<ScreenshotType, string> = { png: 'png', jpeg: 'jpg' };
/** 32 random bytes in base64url: 256 bits nobody guesses. */
const TOKEN_BYTES = 32;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface StoredScreenshot {
  readonly type: ScreenshotType;
  readonly bytes: Buffer;
}

/**
 * Screenshots under unguessable URLs that expire. Anyone holding the URL may fetch the image
 * until then (as with Firecrawl's signed URLs); without the token nothing names it.
 */
export interface ScreenshotStore {
  /** Keeps the image for `account` and answers its absolute URL. */
  save(account: number, screenshot: CapturedScreenshot): Promise<string>;
  /** The image of `token` when it is there, unexpired and of that extension; else undefined. */
  load(token: string, extension: string): Promise<StoredScreenshot | undefined>;
}

export interface ScreenshotStoreOptions {
  /** The process's result cache: Redis with `REDIS_URL` (every instance serves every screenshot), else memory. */
  readonly cache: ResultCache;
  /** `SCREENSHOT_TTL` seconds. */
  readonly ttlSeconds: number;
  /** `PUBLIC_URL`: where clients reach this server. */
  readonly publicUrl: string;
  readonly now: () => Date;
}

/** What the cache holds of a screenshot. */
interface Entry {
  readonly account: number;
  readonly type: ScreenshotType;
  /** Epoch ms; the cache's own TTL removes the entry, this makes the end exact whatever the cache's clock. */
  readonly expiresAt: number;
  readonly base64: string;
}

/**
 * Screenshots kept in the result cache for their TTL. The cache key is a hash of the token,
 * so what the cache (or a Redis dump) shows does not give the URL away.
 */
export function createScreenshotStore(options: ScreenshotStoreOptions): ScreenshotStore {
  const { cache, ttlSeconds, now } = options;
  const base = new URL(SCREENSHOTS_PATH, options.publicUrl.endsWith('/') ? options.publicUrl : `${options.publicUrl}/`);
  const keyOf = (token: string) => `screenshot:${hash('sha256', token, 'base64url')}`;
  return {
    async save(account, screenshot) {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const entry: Entry = { account, type: screenshot.type, expiresAt: now().getTime() + ttlSeconds * 1000, base64: screenshot.bytes.toString('base64') };
      await cache.set(keyOf(token), JSON.stringify(entry), ttlSeconds);
      return new URL(`${token}.${SCREENSHOT_EXTENSIONS[screenshot.type]}`, base).href;
    },
    async load(token, extension) {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const stored = await cache.get(keyOf(token));
      if (stored === undefined) return undefined;
      const entry = JSON.parse(stored) as Entry;
      if (entry.expiresAt <= now().getTime() || SCREENSHOT_EXTENSIONS[entry.type] !== extension) return undefined;
      return { type: entry.type, bytes: Buffer.from(entry.base64, 'base64') };
    },
  };
}

import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type FeatureChoice, type TestApp } from './app.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';
import { expectAuditClean } from './ledger-watch.js';

export interface ScrapeHarness {
  readonly site: FixtureSite;
  readonly t: TestApp;
  /** `POST /api/v1/scrape/` with an API key (none when undefined). */
  scrape(key: string | undefined, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  balance(userId: number): Promise<number>;
  /** Every account's balance equals its ledger sum, none is negative, and no hold is left open. */
  expectAuditClean(): Promise<void>;
  close(): Promise<void>;
}

export interface ScrapeHarnessOptions {
  /** Extra environment for the app. */
  readonly env?: Record<string, string>;
  /** Whether the fixture site is on `SCRAPE_ALLOWED_HOSTS`. Default true. */
  readonly allowFixtureSite?: boolean;
  /** More `host:port` entries for `SCRAPE_ALLOWED_HOSTS`. */
  readonly allowedHosts?: readonly string[];
  readonly features?: FeatureChoice;
  /** The app's clock. Default: the system clock. */
  readonly now?: () => Date;
}

/**
 * The real app (SQLite, or PostgreSQL with `QUARRY_TEST_POSTGRES_URL`) and the loopback
 * fixture site, with the site allowed as a scrape target and throttles out of the way.
 */
export async function startScrapeHarness(options: ScrapeHarnessOptions = {}): Promise<ScrapeHarness> {
  const site = await startFixtureSite();
  const t = await startTestApp(
    {
      SCRAPE_ALLOWED_HOSTS: [...(options.allowFixtureSite === false ? [] : [site.host]), ...(options.allowedHosts ?? [])].join(','),
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
      BROWSER_IDLE_CAP_MS: '1000',
      ...options.env,
    },
    { ...(options.features ? { features: options.features } : {}), ...(options.now ? { now: options.now } : {}) },
  );
  return {
    site,
    t,
    scrape: (key, payload, headers = {}) =>
      t.quarry.app.inject({
        method: 'POST',
        url: '/api/v1/scrape/',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }), ...headers },
      }),
    balance: (userId) => t.quarry.services.ledger.balance(userId),
    expectAuditClean: () => expectAuditClean(t),
    async close() {
      await t.close();
      await site.close();
    },
  };
}

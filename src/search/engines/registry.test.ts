import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { readRawConfig } from '../../config/index.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createLocalEngine } from '../../local-index/local-engine.js';
import { createIndexStore } from '../../local-index/store.js';
import { createSearchRouter } from '../router.js';
import { VERTICALS } from '../verticals.js';
import { DEFAULT_CHAINS, defaultChain } from './defaults.js';
import { buildUpstreamEngines, UPSTREAM_ENGINE_NAMES } from './registry.js';

let fake: FakeSearchUpstreams;
let database: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
  database = await createTestDatabase();
  handle = openDatabase({ url: database.url, sqliteFile: join(mkdtempSync(join(tmpdir(), 'quarry-registry-')), 'quarry.db') });
  await migrateToLatest(handle);
});
afterAll(async () => {
  await fake.close();
  await handle?.close();
  await database?.drop();
});

/** The environment of an install whose every upstream is the fake, with fast rate limits. */
function fakeEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    SEARCH_CONTACT_EMAIL: 'ops@example.com',
    SEARCH_UPSTREAM_TIMEOUT_MS: '2000',
    DUCKDUCKGO_AUTOCOMPLETE_URL: fake.baseUrl('duckduckgo-ac'),
    WIKIPEDIA_URL: `${fake.baseUrl('wikipedia')}/{lang}`,
  };
  for (const name of UPSTREAM_ENGINE_NAMES) {
    env[`${name.toUpperCase()}_RATE`] = '1000/s';
    // SearXNG is keyless but needs an instance of one's own: it is left unset, as on a fresh install.
    if (name === 'wikipedia' || name === 'searxng') continue;
    env[`${name.toUpperCase()}_URL`] = fake.baseUrl(name);
  }
  return { ...env, ...extra };
}

/** Quarry's own index, empty, on the test database. */
const local = () => createLocalEngine(createIndexStore(handle.db, handle.dialect));

describe('upstream engine registry', () => {
  it('builds every engine once; keyed ones and SearXNG stay unconfigured without their key or URL', () => {
    const engines = buildUpstreamEngines(readRawConfig({}));
    expect(engines.map((engine) => engine.name)).toEqual([...UPSTREAM_ENGINE_NAMES]);
    const unconfigured = engines.filter((engine) => !engine.configured).map((engine) => engine.name);
    expect(unconfigured.sort()).toEqual(['brave', 'patentsview', 'searxng', 'serper']);
  });

  it('leaves the public keyless services off in test runs unless asked, and when turned off', () => {
    const configuredIn = (env: Record<string, string>) =>
      buildUpstreamEngines(readRawConfig(env))
        .filter((engine) => engine.configured)
        .map((engine) => engine.name);
    expect(configuredIn({ NODE_ENV: 'test' })).toEqual([]);
    expect(configuredIn({ NODE_ENV: 'test', SEARCH_KEYLESS_ENGINES: 'true' })).toHaveLength(10);
    expect(configuredIn({ SEARCH_KEYLESS_ENGINES: 'false', SERPER_API_KEY: 's', OPENALEX_API_KEY: 'o' })).toEqual(['serper', 'openalex']);
  });

  it('configures keyed engines from their keys', () => {
    const engines = buildUpstreamEngines(
      readRawConfig({ SERPER_API_KEY: 's', BRAVE_API_KEY: 'b', PATENTSVIEW_API_KEY: 'p', SEARXNG_URL: 'http://127.0.0.1:8888' }),
    );
    expect(engines.every((engine) => engine.configured)).toBe(true);
  });

  it('has default chains the router accepts, each ending with the local index', () => {
    for (const vertical of VERTICALS) expect(DEFAULT_CHAINS[vertical].at(-1)).toBe('local');
    expect(() => createSearchRouter({ engines: [...buildUpstreamEngines(readRawConfig({})), local()], chains: DEFAULT_CHAINS })).not.toThrow();
  });

  it('limits a default chain to the engines that were built', () => {
    expect(defaultChain('web', new Set(['flaky', 'duckduckgo', 'local']))).toEqual(['duckduckgo', 'local']);
  });

  it('gives live results without any key wherever a keyless source exists', async () => {
    const router = createSearchRouter({ engines: [...buildUpstreamEngines(readRawConfig(fakeEnv())), local()], chains: DEFAULT_CHAINS });
    const answered: Record<string, string> = {};
    for (const vertical of ['web', 'news', 'images', 'places', 'scholar', 'autocomplete'] as const) {
      answered[vertical] = (await router.search(vertical, { q: 'keyless search', num: 3 })).engine;
    }
    expect(answered).toEqual({ web: 'duckduckgo', news: 'gdelt', images: 'openverse', places: 'photon', scholar: 'openalex', autocomplete: 'duckduckgo' });
    expect(fake.requestsTo('openalex').at(-1)?.query.get('mailto')).toBe('ops@example.com');
  });

  it('fails over along the chain and suspends the failing engine', async () => {
    const router = createSearchRouter({
      engines: [...buildUpstreamEngines(readRawConfig(fakeEnv({ SERPER_API_KEY: 'serper-key', BRAVE_API_KEY: 'brave-key' }))), local()],
      chains: DEFAULT_CHAINS,
    });
    fake.fail('serper', { status: 429, headers: { 'retry-after': '30' }, body: '{"message":"Too many requests"}' });
    const first = await router.search('web', { q: 'failover', num: 5 });
    expect(first.engine).toBe('brave');
    expect(first.attempts.map((attempt) => [attempt.engine, attempt.outcome, attempt.kind])).toEqual([
      ['serper', 'failed', 'rate_limited'],
      ['brave', 'ok', undefined],
    ]);
    const serper = router.health().find((health) => health.engine === 'serper');
    expect(serper?.status).toBe('suspended');
    const second = await router.search('web', { q: 'failover', num: 5 });
    expect(second.attempts[0]).toMatchObject({ engine: 'serper', outcome: 'suspended' });
  });
});

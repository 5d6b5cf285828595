import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../tests/support/fake-search-upstreams.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createLocalEngine } from '../local-index/local-engine.js';
import { createIndexStore } from '../local-index/store.js';
import { createBraveEngine } from './engines/brave.js';
import { createSearxngEngine } from './engines/searxng.js';
import type { EngineAttempt } from './errors.js';
import { AllEnginesFailedError } from './errors.js';
import { createSearchRouter } from './router.js';

/** Issue 16, item 6: failures are named, logged once each, and never passed off as an empty answer. */
describe('engine failures', () => {
  let upstreams: FakeSearchUpstreams;
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    upstreams = await startFakeSearchUpstreams();
    database = await createTestDatabase();
    handle = openDatabase({ url: database.url, sqliteFile: join(mkdtempSync(join(tmpdir(), 'quarry-failures-')), 'quarry.db') });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await upstreams?.close();
    await handle?.close();
    await database?.drop();
  });

  const searxng = () => createSearxngEngine({ baseUrl: upstreams.baseUrl('searxng'), userAgent: 'QuarryTest/1.0', rate: { limit: 1000, periodSeconds: 1 } });
  const brave = () =>
    createBraveEngine({ baseUrl: upstreams.baseUrl('brave'), apiKey: 'brave-key', userAgent: 'QuarryTest/1.0', rate: { limit: 1000, periodSeconds: 1 } });
  /** Quarry's own index, empty. */
  const local = () => createLocalEngine(createIndexStore(handle.db, handle.dialect));

  it('fails with every failed engine reported once (one warning line each) when only the empty index answered', async () => {
    upstreams.fail('searxng', { status: 503, body: '' });
    const seen: EngineAttempt[] = [];
    const router = createSearchRouter({
      engines: [searxng(), local()],
      chains: { web: ['searxng', 'local'] },
      onEngineFailure: (_, attempt) => seen.push(attempt),
    });
    await expect(router.search('web', { q: 'rust programming', num: 10 })).rejects.toBeInstanceOf(AllEnginesFailedError);
    expect(seen.map((attempt) => [attempt.engine, attempt.kind])).toEqual([['searxng', 'upstream']]);
  });

  it('an empty answer of an upstream after another failed is an answer, naming the failed engine', async () => {
    upstreams.fail('searxng', { status: 503, body: '' });
    const router = createSearchRouter({ engines: [searxng(), brave()], chains: { web: ['searxng', 'brave'] } });
    const outcome = await router.search('web', { q: 'zzzz nothing matches', num: 10 });
    expect(outcome).toMatchObject({ engine: 'brave', failedEngines: ['searxng'] });
  });

  it('the empty index alone, with no failure before it, is an ordinary empty answer', async () => {
    const router = createSearchRouter({ engines: [local()], chains: { web: ['local'] } });
    expect(await router.search('web', { q: 'rust programming', num: 10 })).toMatchObject({ items: [], failedEngines: [] });
  });
});

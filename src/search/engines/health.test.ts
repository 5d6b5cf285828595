import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app.js';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import type { Feature } from '../../feature.js';
import { createSearchRouter, type SearchRouter } from '../router.js';
import { createBraveEngine } from './brave.js';
import { registerEngineHealthRoute, registerEngineMetrics } from './health.js';
import { createSearxngEngine } from './searxng.js';
import { createSerperEngine } from './serper.js';
import { quarryUserAgent } from './upstream-options.js';

let fake: FakeSearchUpstreams;
let testApp: TestApp;
let router: SearchRouter;

/** /metrics is served on the public port only with a token (see src/http/operations.ts). */
const METRICS_TOKEN = 'health-test-metrics-token-0123456789abcdef';

beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
  const userAgent = quarryUserAgent();
  const rate = { limit: 100, periodSeconds: 1 };
  const engines = [
    createSerperEngine({ userAgent, rate }),
    createBraveEngine({ baseUrl: fake.baseUrl('brave'), apiKey: 'brave-key', userAgent, rate }),
    createSearxngEngine({ baseUrl: fake.baseUrl('searxng'), userAgent, rate }),
  ];
  // A suspension that outlasts the file, so a loaded machine cannot let Brave recover between tests.
  router = createSearchRouter({ engines, chains: { web: ['serper', 'brave', 'searxng'] }, breaker: { baseSuspensionMs: 600_000 } });
  const feature: Feature = {
    name: 'engine-health-under-test',
    register({ app, auth, metrics }) {
      registerEngineHealthRoute(app, { router, auth, engines });
      registerEngineMetrics(metrics, router);
    },
  };
  testApp = await startTestApp({ METRICS_TOKEN }, { features: () => [feature] });
});

afterAll(async () => {
  await testApp.close();
  await fake.close();
});

async function staffToken(): Promise<string> {
  const user = await testApp.createUser();
  await testApp.quarry.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', user.id).execute();
  return (await testApp.login(user.email, user.password)).access;
}

describe('engine health', () => {
  it('lists every engine with its verticals, configuration, state, latency and error rate', async () => {
    fake.fail('brave', { status: 502, body: '{"message":"bad gateway"}' });
    const outcome = await router.search('web', { q: 'health check', num: 5 });
    expect(outcome.engine).toBe('searxng');

    const res = await testApp.quarry.app.inject({ method: 'GET', url: '/api/v1/search/engines/', headers: { authorization: `Bearer ${await staffToken()}` } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: Record<string, unknown>[] };
    expect(body.count).toBe(3);
    const [serper, brave, searxng] = body.results;
    expect(serper).toMatchObject({ name: 'serper', configured: false, state: 'ok', calls: 0, error_rate: 0, p50_latency_ms: null, last_error: null });
    expect(serper?.verticals).toEqual(['web', 'news', 'images', 'places', 'shopping', 'videos', 'scholar', 'patents', 'autocomplete']);
    expect(brave).toMatchObject({ name: 'brave', configured: true, state: 'suspended', consecutive_failures: 1, calls: 1, error_rate: 1 });
    expect(brave?.verticals).toEqual(['web', 'news', 'images', 'videos']);
    expect(typeof brave?.suspended_until).toBe('string');
    expect(brave?.last_error).toMatchObject({ kind: 'upstream', message: expect.stringContaining('HTTP 502') });
    expect(searxng).toMatchObject({ name: 'searxng', configured: true, state: 'ok', calls: 1, error_rate: 0, suspended_until: null });
    expect(typeof searxng?.p50_latency_ms).toBe('number');
  });

  it('exports the same figures as Prometheus gauges', async () => {
    const res = await testApp.quarry.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('quarry_search_engine_configured{engine="serper"} 0');
    expect(res.body).toContain('quarry_search_engine_configured{engine="searxng"} 1');
    expect(res.body).toContain('quarry_search_engine_up{engine="brave"} 0');
    expect(res.body).toContain('quarry_search_engine_up{engine="searxng"} 1');
    expect(res.body).toContain('quarry_search_engine_error_ratio{engine="brave"} 1');
    expect(res.body).toMatch(/quarry_search_engine_latency_seconds\{engine="searxng",quantile="0.5"\} \d/);
  });

  it('requires a token, and a staff account', async () => {
    const anonymous = await testApp.quarry.app.inject({ method: 'GET', url: '/api/v1/search/engines/' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await testApp.customer();
    const notStaff = await testApp.quarry.app.inject({
      method: 'GET',
      url: '/api/v1/search/engines/',
      headers: { authorization: `Bearer ${customer.access}` },
    });
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });
});

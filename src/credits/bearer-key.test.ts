import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';
import { startScrapeHarness, type ScrapeHarness } from '../../tests/support/scrape-harness.js';

/**
 * Issue 16, items 22 and 8. Every route that takes an API key (read from the OpenAPI
 * document, so a new metered route is covered the day it appears) accepts it as
 * `Authorization: Bearer <api key>` as well as `X-API-KEY`; a login token in its place is
 * not a key (401). Blank input is a 400 before any hold.
 */
let h: ScrapeHarness;
let fake: FakeOpenAI;
let origin: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  h = await startScrapeHarness({ env: { CHAT_UPSTREAM_URL: fake.url, CHAT_UPSTREAM_API_KEY: 'sk-upstream', CHAT_UPSTREAM_MODEL: 'upstream-model' } });
  origin = await h.t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

async function keyRoutes(): Promise<{ method: string; path: string; takesLoginToken: boolean }[]> {
  const doc = (await h.t.quarry.app.inject({ method: 'GET', url: '/api/v1/schema/?format=json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme) => 'ApiKeyAuth' in scheme))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, 'quarry-chat'),
        // Account reads take a key or a login token (issue 16, item 22); metered routes a key only.
        takesLoginToken: operation.security?.some((scheme) => 'jwtAuth' in scheme) ?? false,
      })),
  );
}

const send = (route: { method: string; path: string }, authorization: string | undefined, body = '{}') =>
  fetch(`${origin}${route.path}`, {
    method: route.method,
    headers: { ...(authorization ? { authorization } : {}), ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(route.method === 'GET' ? {} : { body }),
  });

describe('API keys as Authorization: Bearer', () => {
  it('are accepted on every route that takes an API key, and a login token is not', async () => {
    const c = await h.t.customer(0);
    const routes = await keyRoutes();
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/v1/search', '/api/v1/news', '/api/v1/scrape/', '/api/v1/chat/', '/api/v1/chat/completions']),
    );
    for (const route of routes) {
      const asKey = await send(route, `Bearer ${c.key}`);
      expect(asKey.status, `${route.method} ${route.path} with a Bearer key`).not.toBe(401);
      if (!route.takesLoginToken) expect((await send(route, `Bearer ${c.access}`)).status, `${route.method} ${route.path} with a login token`).toBe(401);
      expect((await send(route, undefined)).status, `${route.method} ${route.path} without credentials`).toBe(401);
    }
  });

  it('serve and charge a real scrape with a Bearer key', async () => {
    const c = await h.t.customer(5);
    const res = await fetch(`${origin}/api/v1/scrape/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${h.site.url}/html/article?bearer`, formats: ['text'] }),
    });
    expect(res.status).toBe(200);
    expect(await h.balance(c.id)).toBe(4);
  });
});

describe('blank input on metered routes', () => {
  it('is a 400 before any hold, for scrape and chat', async () => {
    const c = await h.t.customer(100);
    const cases: [string, unknown, unknown][] = [
      ['/api/v1/scrape/', { url: '   ', formats: ['text'] }, { url: ['Enter a valid URL.'] }],
      ['/api/v1/scrape/', { url: `${h.site.url}/html/article`, formats: [] }, { formats: ['This list may not be empty.'] }],
      [
        '/api/v1/chat/',
        {
          messages: [
            { role: 'user', content: '  ' },
            { role: 'system', content: '\n' },
          ],
        },
        { messages: ['The conversation is blank: at least one message must have content.'] },
      ],
      ['/api/v1/chat/', { messages: [] }, { messages: ['This list may not be empty.'] }],
    ];
    for (const [path, body, errors] of cases) {
      const res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': c.key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual(errors);
    }
    const holds = await h.t.quarry.db.selectFrom('holds').select('id').where('user_id', '=', c.id).execute();
    expect(holds).toHaveLength(0);
    expect(await h.balance(c.id)).toBe(100);
  });
});

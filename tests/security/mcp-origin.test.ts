import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * Finding 11 of issue 25: `/mcp` compared only the host name of `Origin`, so a page on any port
 * of localhost (`http://localhost:6666`) or a browser extension named `localhost` could drive the
 * tools with a key the browser holds. The whole origin (scheme, host and port) is compared now,
 * against `MCP_ALLOWED_ORIGINS` and the server's own origin.
 */
describe('/mcp Origin check over HTTP', () => {
  const CONFIGURED = 'http://localhost:6274';
  let t: TestApp;
  let base: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ MCP_ALLOWED_ORIGINS: CONFIGURED });
    const user = await t.createUser(undefined, 5);
    key = (await t.quarry.services.keys.create(user.id, 'mcp')).key;
    base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t?.close());

  const listTools = (origin: string) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('refuses a page on another port of localhost and an extension called localhost', async () => {
    for (const origin of ['http://localhost:6666', 'chrome-extension://localhost', 'https://localhost:6274', 'http://127.0.0.1:6666']) {
      const res = await listTools(origin);
      expect(res.status, origin).toBe(403);
      expect(await res.json(), origin).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: `Invalid Origin header: ${origin}` }, id: null });
    }
  });

  it('serves the configured origin and the server’s own origin', async () => {
    for (const origin of [CONFIGURED, base]) {
      const res = await listTools(origin);
      expect(res.status, origin).toBe(200);
      expect(((await res.json()) as { result: { tools: unknown[] } }).result.tools, origin).toHaveLength(4);
    }
  });

  it('refuses an origin that is not an origin at all', async () => {
    expect((await listTools('null')).status).toBe(403);
    expect((await listTools(`${CONFIGURED}/path`)).status).toBe(403);
  });
});

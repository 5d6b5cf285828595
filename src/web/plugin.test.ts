import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config/secrets.js';
import { SPA_ROUTES } from './plugin.js';

/** A stand-in build (the real one is exercised by tests/e2e); the plugin only serves files. */
const root = mkdtempSync(join(tmpdir(), 'quarry-web-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Quarry</title><div id="app"></div>');
writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function appWith(webRoot: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-web-data-'));
  const quarry = await createApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: createLogger('silent'), webRoot });
  return {
    quarry,
    async close() {
      await quarry.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the dashboard plugin', () => {
  it('answers the SPA routes with index.html, never shadowing the API, docs or operations endpoints', async () => {
    const { quarry, close } = await appWith(root);
    try {
      const get = (url: string) => quarry.app.inject({ method: 'GET', url });
      for (const path of [
        '/',
        '/login',
        '/keys',
        '/usage',
        '/plans',
        '/checkout?_ptxn=txn_x',
        '/billing',
        '/playground',
        '/activate/MQ/abc-123',
        '/password-reset/MQ/abc-123',
      ]) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type'], path).toMatch(/^text\/html/);
        expect(res.body, path).toContain('<div id="app">');
        expect(res.headers['cache-control'], path).toBe('no-cache');
      }
      const api404 = await get('/api/v1/nowhere/');
      expect(api404.statusCode).toBe(404);
      expect(api404.json()).toEqual({ detail: 'Not found.' });
      expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
      expect((await get('/api/v1/docs/')).statusCode).toBe(200);
      // Without METRICS_TOKEN /metrics is not served on the public port; it is still never the app.
      expect((await get('/metrics')).headers['content-type']).not.toMatch(/html/);
      expect((await get('/nowhere')).statusCode).toBe(404);

      const asset = await get('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      // Paddle.js may load only on the plans and checkout pages.
      expect((await get('/plans')).headers['content-security-policy']).toContain("script-src 'self' https://cdn.paddle.com");
      expect((await get('/keys')).headers['content-security-policy']).toContain("script-src 'self';");
      expect((await get('/keys')).headers['content-security-policy']).toContain("frame-ancestors 'none'");

      const doc = (await get('/api/v1/schema/?format=json')).json() as { paths: Record<string, unknown> };
      // The compatibility surfaces live at the root like the hosts they imitate; none is a dashboard page.
      const pages = new Set<string>(SPA_ROUTES);
      expect(Object.keys(doc.paths).filter((p) => pages.has(p) || p.startsWith('/activate/') || p.startsWith('/password-reset/'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('serves the API alone when the dashboard is not built', async () => {
    const { quarry, close } = await appWith(join(root, 'missing'));
    try {
      expect((await quarry.app.inject({ method: 'GET', url: '/keys' })).statusCode).toBe(404);
      expect((await quarry.app.inject({ method: 'GET', url: '/api/v1/dashboard/config/' })).json()).toEqual({
        payments: { enabled: false, provider: 'paddle', environment: 'sandbox', client_token: null },
        docs_url: '/api/v1/docs/',
      });
    } finally {
      await close();
    }
  });
});

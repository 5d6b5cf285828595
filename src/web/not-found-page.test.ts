import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type QuarryApp } from '../app.js';
import { loadConfig } from '../config/secrets.js';
import { createLogger } from '../logging.js';
import { API_PREFIXES } from './plugin.js';

/** A stand-in build: what matters is which requests get it, and with which status. */
const root = mkdtempSync(join(tmpdir(), 'quarry-web-404-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Quarry</title><div id="app"></div>');
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-web-404-data-'));
let quarry: QuarryApp;

beforeAll(async () => {
  quarry = await createApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: createLogger('silent'), webRoot: root });
});
afterAll(async () => {
  await quarry.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** What Chromium sends when a person opens a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const get = (url: string, accept?: string) => quarry.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

describe('an unknown path', () => {
  it('opened in a browser gets the app (which shows its "Page not found") with status 404', async () => {
    for (const path of ['/nope', '/keys/extra', '/activate', '/apix', '/nope?x=1', '/deep/er/path.html']) {
      const res = await get(path, BROWSER_ACCEPT);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.body, path).toContain('<div id="app">');
      // The same headers as every page of the app.
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('keeps the JSON 404 exactly for API clients, whatever the path', async () => {
    for (const [path, accept] of [
      ['/nope', undefined],
      ['/nope', '*/*'],
      ['/nope', 'application/json'],
    ] as const) {
      const res = await get(path, accept);
      expect(res.statusCode, `${path} ${accept}`).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe('{"detail":"Not found."}');
    }
    const post = await quarry.app.inject({ method: 'POST', url: '/nope', headers: { accept: BROWSER_ACCEPT }, payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ detail: 'Not found.' });
  });

  it('keeps the JSON 404 under every API prefix, even for a browser', async () => {
    for (const prefix of API_PREFIXES) {
      const path = prefix.endsWith('/') ? `${prefix}nope/` : prefix === '/mcp' ? '/mcp/nope' : `${prefix}/nope`;
      const res = await get(path, BROWSER_ACCEPT);
      // Jina's /r/ and /s/ take any path (and ask for a key): never the app, whatever the answer.
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], path).not.toMatch(/html/);
      expect(res.body, path).not.toContain('<div id="app">');
    }
    expect((await get('/api/v1/nowhere/', BROWSER_ACCEPT)).body).toBe('{"detail":"Not found."}');
    expect((await get('/v1/crawl/x/nope', BROWSER_ACCEPT)).body).toBe('{"detail":"Not found."}');
  });

  it('lists among the API prefixes every path the API documents, so no API path can become a page', async () => {
    const doc = (await get('/api/v1/schema/?format=json')).json() as { paths: Record<string, unknown> };
    const outside = Object.keys(doc.paths).filter((path) => !API_PREFIXES.some((prefix) => path.startsWith(prefix.replace(/\/$/, ''))));
    expect(outside).toEqual([]);
  });

  it('keeps the 405 of a known path asked with another method', async () => {
    const res = await quarry.app.inject({ method: 'DELETE', url: '/keys', headers: { accept: BROWSER_ACCEPT } });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
  });
});

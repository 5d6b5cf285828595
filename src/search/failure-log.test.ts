import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../tests/support/fake-search-upstreams.js';
import { createApp, type QuarryApp } from '../app.js';
import { loadConfig } from '../config/secrets.js';
import { createLogger } from '../logging.js';

/** Issue 16, items 6 and 18: a real engine failure is one warning line with its cause, and no secret. */
describe('the log of a failed search', () => {
  const lines: Record<string, unknown>[] = [];
  let upstreams: FakeSearchUpstreams;
  let database: TestDatabase;
  let dataDir: string;
  let quarry: QuarryApp;
  beforeAll(async () => {
    upstreams = await startFakeSearchUpstreams();
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'quarry-failure-log-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SIGNUP_CREDITS: '0',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      SERPER_API_KEY: 'serper-key',
      SERPER_URL: upstreams.baseUrl('serper'),
      SEARCH_CHAIN_WEB: 'serper,local',
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    quarry = await createApp(config, { logger: createLogger('warn', sink) });
  });
  afterAll(async () => {
    await quarry?.close();
    await database?.drop();
    await upstreams?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one warning per failed engine, with its cause and without the key; the search is a 502 charged nothing', async () => {
    const user = await quarry.services.accounts.register({
      email: 'log@example.com',
      password: 'a sturdy passphrase 42',
      origin: 'http://localhost',
      active: true,
      credits: 5,
    });
    const login = await quarry.app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/create/',
      payload: { email: user.email, password: 'a sturdy passphrase 42' },
    });
    const created = await quarry.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: { authorization: `Bearer ${login.json().access}` },
      payload: { name: 'k' },
    });
    const key = created.json().key as string;
    upstreams.fail('serper', { status: 500, body: '{"message":"internal error"}' });
    const res = await quarry.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: { query: 'zqunindexed words' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.headers['x-credits-used']).toBeUndefined();
    const warnings = lines.filter((line) => line.level === 40 && line.engine !== undefined);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ engine: 'serper', vertical: 'web', kind: 'upstream', msg: expect.stringContaining('HTTP 500') });
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain('serper-key');
    expect(everything).not.toContain(key);
  });
});

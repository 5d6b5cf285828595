import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/database.js';
import { freePort } from '../tests/support/ports.js';
import { readRawConfig } from './config/index.js';
import { resolveSecrets } from './config/secrets.js';
import { startupSummary } from './startup-summary.js';

const ROOT = join(import.meta.dirname, '..');

describe('the start-up summary', () => {
  it('names storage, engines and mail without any credential', () => {
    const config = resolveSecrets(
      readRawConfig({
        NODE_ENV: 'production',
        JWT_SIGNING_KEY: 'Jq8vT2mRw4xZp6LsN9bYc3Hk7fDg1AeU5oXi0tKl',
        KEY_ENCRYPTION_SECRET: 'kE7rQ1wT9yU3iO5pA8sD2fG6hJ4lZ0xCvBnMqWeR',
        PUBLIC_URL: 'https://quarry.example.com/',
        DATABASE_URL: 'postgres://quarry:db-secret@db.internal:5432/quarry',
        REDIS_URL: 'redis://:redis-secret@cache.internal:6379/2',
        SMTP_URL: 'smtps://mailer:smtp-secret@mail.example.com:465',
        SERPER_API_KEY: 'serper-secret',
        SEARCH_KEYLESS_ENGINES: 'false',
      }),
    );
    const engines = [
      { name: 'serper', configured: true },
      { name: 'brave', configured: false },
      { name: 'duckduckgo', configured: false },
    ];
    const { message, fields } = startupSummary(config, { host: '0.0.0.0', port: 8000 }, engines);
    expect(message).toBe(
      'Quarry listening on http://0.0.0.0:8000 (public URL https://quarry.example.com) · docs https://quarry.example.com/api/v1/docs · ' +
        'database PostgreSQL db.internal:5432/quarry · cache Redis cache.internal:6379/2 · ' +
        'search engines local, serper; not configured: brave (BRAVE_API_KEY), duckduckgo (SEARCH_KEYLESS_ENGINES) · ' +
        'chat not configured (CHAT_UPSTREAM_URL) · mail to SMTP smtps://mail.example.com:465',
    );
    expect(fields).toMatchObject({ engines: { configured: ['local', 'serper'], not_configured: ['brave', 'duckduckgo'] } });
    expect(JSON.stringify({ message, fields })).not.toMatch(/secret|mailer|quarry:db/);
  });
});

describe('npm start on a fresh data folder', { timeout: 90_000 }, () => {
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quarry-start-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs one info summary with the URL, the docs, the storage, the engines and where mail goes', async () => {
    // A fixed port: in development the public URL defaults to http://HOST:PORT, which links use.
    const port = String(await freePort());
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Record<string, unknown>[] = [];
    let buffered = '';
    const summary = await new Promise<Record<string, unknown>>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const complete = buffered.split('\n');
        buffered = complete.pop() ?? '';
        for (const line of complete.filter(Boolean)) {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          lines.push(parsed);
          if (String(parsed.msg).startsWith('Quarry listening on')) resolve(parsed);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code} before the summary`)));
    });
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;

    expect(summary.level).toBe(30);
    const message = String(summary.msg);
    expect(message).toMatch(/^Quarry listening on http:\/\/127\.0\.0\.1:\d+ · docs http:\/\/127\.0\.0\.1:\d+\/api\/v1\/docs · /);
    expect(message).toContain(database.url ? 'database PostgreSQL 127.0.0.1:' : `database SQLite ${join(dataDir, 'quarry.db')}`);
    expect(message).toContain('cache in-process');
    // NODE_ENV=test turns the keyless public engines off, so they are listed as not configured.
    expect(message).toMatch(
      /search engines local; not configured: serper \(SERPER_API_KEY\), brave \(BRAVE_API_KEY\), .*duckduckgo \(SEARCH_KEYLESS_ENGINES\)/,
    );
    expect(message).toContain('mail to the outbox table (no SMTP_URL; see `npx quarry mail list`)');
    expect(lines.filter((line) => String(line.msg).startsWith('Quarry listening on'))).toHaveLength(1);
    // Nothing about a normal start is worth more than info (no Chromium is fine: it is optional).
    expect(lines.filter((line) => Number(line.level) >= 40).map((line) => line.msg)).toEqual([]);
  });
});

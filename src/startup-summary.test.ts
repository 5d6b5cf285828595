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
import { STARTUP_MESSAGE, startupSummary } from './startup-summary.js';

const ROOT = join(import.meta.dirname, '..');

describe('the start-up summary', () => {
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
  const verticals = [
    { vertical: 'web', canAnswer: true, setup: [] },
    { vertical: 'news', canAnswer: true, setup: [] },
    { vertical: 'patents', canAnswer: false, setup: ['PATENTSVIEW_API_KEY', 'quarry crawl <url> (fills the local index)'] },
  ];

  it('is a few short lines for a person: URL, dashboard, docs, storage, verticals, chat, mail', () => {
    const { lines } = startupSummary(config, { host: '0.0.0.0', port: 8000 }, verticals);
    expect(lines).toEqual([
      'Quarry is listening on http://0.0.0.0:8000 (public URL https://quarry.example.com)',
      'dashboard  https://quarry.example.com/',
      'API docs   https://quarry.example.com/api/v1/docs/',
      'storage    database PostgreSQL db.internal:5432/quarry; cache Redis cache.internal:6379/2',
      'search     answers web, news',
      '           patents: nothing can answer; set PATENTSVIEW_API_KEY or quarry crawl <url> (fills the local index)',
      'chat       not configured (CHAT_UPSTREAM_URL)',
      'mail       to SMTP smtps://mail.example.com:465',
    ]);
    expect(lines.every((line) => line.length <= 120)).toBe(true);
  });

  it('is fields for a machine, with no credential anywhere', () => {
    const { lines, fields } = startupSummary(config, { host: '0.0.0.0', port: 8000 }, verticals);
    expect(fields).toMatchObject({
      dashboard: 'https://quarry.example.com/',
      docs: 'https://quarry.example.com/api/v1/docs/',
      search: { answering: ['web', 'news'], not_answering: { patents: ['PATENTSVIEW_API_KEY', 'quarry crawl <url> (fills the local index)'] } },
      chat: false,
    });
    expect(JSON.stringify({ lines, fields })).not.toMatch(/secret|mailer|quarry:db/);
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

  it('logs one info summary as JSON when standard output is not a terminal, each fact once', async () => {
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
          if (parsed.msg === STARTUP_MESSAGE) resolve(parsed);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code} before the summary`)));
    });
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;

    expect(summary.level).toBe(30);
    expect(summary).toMatchObject({
      url: `http://127.0.0.1:${port}`,
      dashboard: `http://127.0.0.1:${port}/`,
      docs: `http://127.0.0.1:${port}/api/v1/docs/`,
      cache: expect.stringContaining('in-process'),
      chat: false,
      mail: 'the outbox table (no SMTP_URL; see `npx quarry mail list`)',
    });
    expect(String(summary.database)).toContain(database.url ? 'PostgreSQL 127.0.0.1:' : `SQLite ${join(dataDir, 'quarry.db')}`);
    // NODE_ENV=test turns the keyless public engines off and the index is empty: nothing can answer.
    const search = summary.search as { answering: string[]; not_answering: Record<string, string[]> };
    expect(search.answering).toEqual([]);
    expect(search.not_answering.web).toContain('SEARCH_KEYLESS_ENGINES=true');
    expect(search.not_answering.shopping).toEqual(['SERPER_API_KEY', 'quarry crawl <url> (fills the local index)']);
    expect(lines.filter((line) => line.msg === STARTUP_MESSAGE)).toHaveLength(1);
    // Nothing about a normal start is worth more than info (no Chromium is fine: it is optional).
    expect(lines.filter((line) => Number(line.level) >= 40).map((line) => line.msg)).toEqual([]);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { startCrawlSite, type CrawlSite } from '../../../tests/support/index-crawl-site.js';
import { gzippedWarc, httpResponse } from '../../../tests/support/index-warc.js';
import { runCli } from '../../cli/run.js';
import { memoryIo } from '../../cli/testing/memory-io.js';

describe('quarry crawl and quarry index', () => {
  let dir: string;
  let database: TestDatabase;
  let site: CrawlSite;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-index-cli-'));
    database = await createTestDatabase();
    site = await startCrawlSite();
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      SCRAPE_ALLOWED_HOSTS: site.host,
      CRAWL_DELAY_MS: '0',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await site?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function quarry(...argv: string[]) {
    const { io, stdout, stderr } = memoryIo();
    const code = await runCli(argv, { io, env });
    return { code, stdout: stdout(), stderr: stderr() };
  }

  it('crawls a site into the index and reports what it did', async () => {
    const res = await quarry('crawl', `${site.url}/`, '--max-pages', '4', '--depth', '1', '--same-host', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ seed: `${site.url}/`, resumed: false, indexed: 4 });
  });

  it('shows the index’s pages, documents per vertical and size', async () => {
    const res = await quarry('index', 'stats', '--json');
    expect(res.code).toBe(0);
    const stats = JSON.parse(res.stdout);
    expect(stats).toMatchObject({ pages: 4, documents: { web: 4, news: 0 } });
    expect(stats.bytes).toBeGreaterThan(0);
    const text = await quarry('index', 'stats');
    expect(text.stdout).toMatch(/^Pages: +4$/m);
  });

  it('imports a WARC file', async () => {
    const file = join(dir, 'one.warc.gz');
    writeFileSync(
      file,
      gzippedWarc([
        {
          type: 'response',
          uri: 'https://archive.example.com/wren',
          block: httpResponse(
            200,
            { 'Content-Type': 'text/html' },
            '<html><head><title>Wren</title></head><body><p>A small bird with a loud song.</p></body></html>',
          ),
        },
      ]),
    );
    const res = await quarry('index', 'import', file, '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ indexed: 1, skipped: 0, failed: 0, files: [{ file, kind: 'warc' }] });
  });

  it('removes a page, then a whole site', async () => {
    const one = await quarry('index', 'remove', 'https://archive.example.com/wren', '--json');
    expect(JSON.parse(one.stdout)).toEqual({ removed: 1, url: 'https://archive.example.com/wren' });
    const all = await quarry('index', 'remove', '--site', '127.0.0.1');
    expect(all.stdout).toBe('Removed 4 pages (site 127.0.0.1).\n');
    expect(JSON.parse((await quarry('index', 'stats', '--json')).stdout).pages).toBe(0);
  });

  it('refuses bad command lines with exit code 2 before touching anything', async () => {
    expect((await quarry('crawl')).code).toBe(2);
    expect((await quarry('crawl', 'ftp://example.com/')).stderr).toContain('URL must be an http(s) URL');
    expect((await quarry('crawl', `${site.url}/`, '--max-pages', '0')).code).toBe(2);
    expect((await quarry('index', 'remove', 'https://a.example/', '--site', 'a.example')).code).toBe(2);
    expect((await quarry('index', 'import')).code).toBe(2);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../../../tests/support/database.js';
import { startCrawlSite, type CrawlSite } from '../../../tests/support/index-crawl-site.js';
import { openIndexTestDatabase, type IndexTestDatabase } from '../../../tests/support/index-databases.js';
import { chunked, gzippedWarc, httpResponse, warcRecord } from '../../../tests/support/index-warc.js';
import { createFetchEngine } from '../../scrape/net/index.js';
import { parseQuery } from '../../search/query.js';
import { parseTbs, tbsWindow } from '../../search/tbs.js';
import { createCrawler } from '../../crawl/index.js';
import { createIndexer } from '../indexer.js';
import { createIndexStore, type IndexStore } from '../store.js';
import { importUrlList, importWarc, looksLikeWarc, type ImportCounts } from './importer.js';
import { readWarcFile, WarcFormatError } from './warc.js';

const page = (title: string, text: string) => `<html lang="en"><head><title>${title}</title></head><body><article><p>${text}</p></article></body></html>`;

describe('importing pages', () => {
  let dir: string;
  let database: IndexTestDatabase;
  let store: IndexStore;
  let site: CrawlSite;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-import-'));
    database = await openIndexTestDatabase(TEST_DIALECT);
    store = createIndexStore(database.handle.db, database.dialect);
    site = await startCrawlSite();
  });
  afterAll(async () => {
    await site?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const titles = async (q: string, tbs?: string) =>
    (
      await store.search({
        vertical: 'web',
        query: parseQuery(q),
        num: 50,
        page: 1,
        window: tbs ? tbsWindow(parseTbs(tbs), new Date('2024-05-02T00:00:00Z')) : { sortByDate: false },
      })
    )
      .map((hit) => hit.item.title)
      .sort();

  it('indexes the HTML responses of a gzipped WARC, dated by their capture, and passes over everything else', async () => {
    const file = join(dir, 'CC-MAIN-example.warc.gz');
    writeFileSync(
      file,
      gzippedWarc([
        { type: 'warcinfo', block: 'software: test\r\n' },
        { type: 'request', uri: 'https://archive.example.com/kestrel', block: 'GET /kestrel HTTP/1.1\r\nHost: archive.example.com\r\n\r\n' },
        {
          type: 'response',
          uri: 'https://archive.example.com/kestrel',
          date: '2024-05-01T10:00:00Z',
          block: httpResponse(200, { 'Content-Type': 'text/html; charset=utf-8' }, page('Kestrel facts', 'The kestrel hovers over open fields.')),
        },
        {
          type: 'response',
          uri: 'https://archive.example.com/falcon',
          date: '2023-01-01T10:00:00Z',
          block: httpResponse(
            200,
            { 'Content-Type': 'text/html', 'Transfer-Encoding': 'chunked' },
            chunked(page('Falcon facts', 'The peregrine falcon is the fastest kestrel relative.')),
          ),
        },
        {
          type: 'response',
          uri: 'https://archive.example.com/owl',
          block: httpResponse(
            200,
            { 'Content-Type': 'text/html; charset=windows-1252', 'Content-Encoding': 'gzip' },
            gzipSync(Buffer.from(page('Owl facts', 'Owls hunt at night; caf\xe9 owls too.'), 'latin1')),
          ),
        },
        { type: 'response', uri: 'https://archive.example.com/logo.png', block: httpResponse(200, { 'Content-Type': 'image/png' }, Buffer.alloc(16)) },
        {
          type: 'response',
          uri: 'https://archive.example.com/missing',
          block: httpResponse(404, { 'Content-Type': 'text/html' }, page('Not found', 'Nothing here.')),
        },
        { type: 'metadata', uri: 'https://archive.example.com/kestrel', block: 'fetchTimeMs: 12\r\n' },
      ]),
    );
    expect(await looksLikeWarc(file)).toBe(true);
    const counts: ImportCounts = { indexed: 0, skipped: 0, failed: 0 };
    await importWarc(file, createIndexer({ store }), counts);
    expect(counts).toEqual({ indexed: 3, skipped: 2, failed: 0 });
    expect(await titles('kestrel')).toEqual(['Falcon facts', 'Kestrel facts']);
    expect(await titles('café owls')).toEqual(['Owl facts']);
    // First seen at capture time: the 2023 capture is older than a year before 2024-05-02.
    expect(await titles('kestrel', 'qdr:y')).toEqual(['Kestrel facts']);
  });

  it('reads a plain (uncompressed) WARC and refuses a file that is not one', async () => {
    const plain = join(dir, 'plain.warc');
    writeFileSync(
      plain,
      warcRecord({
        type: 'response',
        uri: 'https://archive.example.com/heron',
        block: httpResponse(200, { 'Content-Type': 'text/html' }, page('Heron facts', 'Herons wade.')),
      }),
    );
    const records = [];
    for await (const record of readWarcFile(plain)) records.push(record);
    expect(records.map((record) => record.headers['warc-target-uri'])).toEqual(['https://archive.example.com/heron']);
    const broken = join(dir, 'broken.warc');
    writeFileSync(broken, 'this is not a warc file\r\n\r\n');
    await expect(async () => {
      for await (const record of readWarcFile(broken)) void record;
    }).rejects.toBeInstanceOf(WarcFormatError);
  });

  it('fetches and indexes a list of URLs, obeying robots.txt and following no links', async () => {
    const list = join(dir, 'urls.txt');
    writeFileSync(list, `# pages to add\n${site.url}/b\n\n${site.url}/private/secret\n${site.url}/status-missing\nnot a url\n`);
    const fetchEngine = createFetchEngine({ allowedHosts: [site.host], retry: { maxRetries: 0 } });
    try {
      const crawler = createCrawler({ db: database.handle.db, fetchEngine, indexer: createIndexer({ store }), userAgent: 'QuarryBot/1.0', delayMs: 0 });
      const counts: ImportCounts = { indexed: 0, skipped: 0, failed: 0 };
      await importUrlList(list, crawler, counts);
      expect(counts).toEqual({ indexed: 1, skipped: 1, failed: 2 });
      expect(await titles('bravo')).toEqual(['Bravo']);
      expect(site.requests().map((request) => request.path)).not.toContain('/b/deeper');
      expect(site.requests().map((request) => request.path)).not.toContain('/private/secret');
    } finally {
      await fetchEngine.close();
    }
  });
});

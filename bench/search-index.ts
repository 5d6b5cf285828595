/**
 * Quarry's own search index at scale: builds a synthetic corpus (default 100,000 pages), indexes
 * it, and prints indexing throughput and query latency p50/p99 for plain, common-words-only,
 * phrase, operator-heavy and `tbs` queries, on SQLite and (with a PostgreSQL admin URL) PostgreSQL; then end-to-end
 * `POST /api/v1/search` p50 on a cache hit and a miss over loopback HTTP (SQLite).
 *
 *   npm run bench:search -- [--pages N] [--queries N] [--postgres postgres://postgres@127.0.0.1:5433/postgres]
 *                           [--skip-sqlite] [--skip-http] [--json]
 *
 * --postgres defaults to $QUARRY_TEST_POSTGRES_URL; a throw-away database is created and dropped.
 * --slow MS prints each query slower than MS milliseconds (to see what to tune).
 * --keep DIR builds the SQLite index in DIR/quarry.db and leaves it there; run again with the same
 * --keep DIR to time queries on that index without rebuilding it (indexing figures then read 0).
 * --keep-postgres NAME does the same on PostgreSQL with a database of that name (not dropped).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/secrets.js';
import { openDatabase, type DatabaseHandle, type DialectName } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { IndexablePage } from '../src/local-index/documents.js';
import { createIndexer } from '../src/local-index/indexer.js';
import { createIndexStore, type IndexStore } from '../src/local-index/store.js';
import type { AnyRecord } from '../src/local-index/verticals/record.js';
import { createLogger } from '../src/logging.js';
import { parseQuery } from '../src/search/query.js';
import { parseTbs, tbsWindow } from '../src/search/tbs.js';
import { seededRandom } from './lib/seeded-random.js';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '400' },
    postgres: { type: 'string', default: process.env.QUARRY_TEST_POSTGRES_URL ?? '' },
    'skip-sqlite': { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
    keep: { type: 'string', default: '' },
    'keep-postgres': { type: 'string', default: '' },
    slow: { type: 'string', default: '' },
    json: { type: 'boolean', default: false },
  },
});
const PAGES = Number(options.pages);
const QUERIES = Number(options.queries);
const NOW = new Date(Date.UTC(2025, 5, 15, 12));
const DAY = 86_400_000;

// ---------- a deterministic synthetic web ----------

const prng = seededRandom;

const random = prng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ner',
  'sto',
  'val',
  'tur',
  'pen',
  'qui',
  'ras',
  'dor',
  'fel',
  'gan',
  'hir',
  'jas',
  'bel',
  'cor',
  'dum',
  'eth',
  'fos',
  'gil',
  'har',
  'ix',
  'jun',
  'kel',
  'lum',
  'mor',
  'nax',
  'ost',
  'pul',
];
const VOCABULARY: string[] = [];
{
  const seen = new Set<string>();
  while (VOCABULARY.length < 30_000) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += pick(SYLLABLES);
    if (!seen.has(word)) {
      seen.add(word);
      VOCABULARY.push(word);
    }
  }
}
// Zipf's law: the word of rank r appears with weight 1/r.
const CUMULATIVE: number[] = [];
{
  let total = 0;
  for (let rank = 1; rank <= VOCABULARY.length; rank++) CUMULATIVE.push((total += 1 / rank));
}
function zipfWord(): string {
  const target = random() * (CUMULATIVE.at(-1) ?? 1);
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((CUMULATIVE[mid] ?? 0) < target) low = mid + 1;
    else high = mid;
  }
  return VOCABULARY[low] ?? 'ka';
}
const words = (count: number) => Array.from({ length: count }, zipfWord);
const midWord = () => VOCABULARY[30 + Math.floor(random() * 3000)] ?? 'ka';

const TLDS = ['com', 'org', 'net', 'de', 'fr', 'es', 'co.uk', 'io'];
const HOSTS = Array.from({ length: 3000 }, (_, i) => `${random() < 0.2 ? pick(['blog.', 'news.', 'shop.']) : ''}${VOCABULARY[i * 7] ?? 'x'}.${pick(TLDS)}`);
const LANGS = ['en', 'en', 'en', 'en', 'en', 'en', 'en', 'de', 'fr', 'es'];

function syntheticPage(index: number): IndexablePage {
  const host = pick(HOSTS);
  const ext = random() < 0.03 ? '.pdf' : random() < 0.7 ? '.html' : '';
  const url = `https://${host}/${midWord()}/${words(2).join('-')}-${index}${ext}`;
  const title = words(4 + Math.floor(random() * 5)).join(' ');
  const bodyWords = words(150 + Math.floor(random() * 250));
  const body = bodyWords.join(' ');
  const description = bodyWords.slice(0, 25).join(' ');
  const lang = pick(LANGS);
  const publishedAt = random() < 0.8 ? new Date(NOW.getTime() - Math.floor(random() * 730 * DAY)) : undefined;
  const text = `${description}\n${body}`;
  const records: AnyRecord[] = [{ vertical: 'web', item: { title, url, description }, ...(publishedAt ? { publishedAt } : {}), text }];
  if (random() < 0.15)
    records.push({ vertical: 'news', item: { title, link: url, snippet: description, publisher: host }, ...(publishedAt ? { publishedAt } : {}), text });
  if (random() < 0.2)
    records.push({
      vertical: 'images',
      item: { title: words(3).join(' '), imageUrl: `https://${host}/img/${index}.jpg`, imageWidth: 800, imageHeight: 600, link: url },
      text: title,
    });
  if (random() < 0.05)
    records.push({ vertical: 'shopping', item: { title, link: url, price: `$${(random() * 200).toFixed(2)}`, source: host }, text: description });
  return {
    url,
    host: host.toLowerCase(),
    title,
    description,
    body,
    lang,
    country: lang === 'en' ? 'us' : lang,
    ...(publishedAt ? { publishedAt } : {}),
    records,
  };
}

function syntheticHtml(index: number): { url: string; html: string } {
  const page = syntheticPage(index);
  const news = page.records.some((record) => record.vertical === 'news');
  const head = news
    ? `<meta property="og:type" content="article"><meta property="article:published_time" content="${page.publishedAt?.toISOString() ?? ''}">`
    : '';
  const paragraphs = page.body.split(' ').reduce<string[][]>((groups, word, i) => (i % 40 === 0 ? groups.push([word]) : groups.at(-1)?.push(word), groups), []);
  return {
    url: page.url,
    html: `<!doctype html><html lang="${page.lang}"><head><title>${page.title}</title><meta name="description" content="${page.description}">${head}</head><body><nav><a href="/">home</a></nav><article><h1>${page.title}</h1>${paragraphs.map((p) => `<p>${p.join(' ')}.</p>`).join('')}</article></body></html>`,
  };
}

// ---------- measurement ----------

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Latency {
  p50: number;
  p99: number;
  mean: number;
  avgResults: number;
}

async function timeQueries(run: (i: number) => Promise<number>, count: number): Promise<Latency> {
  for (let i = 0; i < Math.min(30, count); i++) await run(i);
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    results += await run(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    avgResults: Math.round((results / count) * 10) / 10,
  };
}

function queryMix(seed: number) {
  const r = prng(seed);
  const mid = () => VOCABULARY[30 + Math.floor(r() * 3000)] ?? 'ka';
  const common = () => VOCABULARY[Math.floor(r() * 30)] ?? 'ka';
  const host = () => HOSTS[Math.floor(r() * HOSTS.length)] ?? 'x.com';
  const operatorQueries = [
    () => `${mid()} -${common()} site:${host().split('.').slice(-1)[0]}`,
    () => `"${common()} ${common()}" -site:${host()} inurl:${mid().slice(0, 4)}`,
    () => `${mid()} filetype:pdf`,
    () => `allintitle: ${common()} ${mid()}`,
    () => `${mid()} OR ${mid()} -intitle:${common()}`,
    () => `intitle:${mid()} -filetype:html ${common()}`,
  ];
  const tbsValues = ['qdr:d', 'qdr:w', 'qdr:m', 'qdr:y', 'sbd:1', 'qdr:m,sbd:1'];
  return {
    plain: () => ({ q: `${mid()} ${r() < 0.5 ? common() : mid()}` }),
    // Only words found in most pages: every document matches, relevance must not cost a pass over them all.
    common: () => ({ q: r() < 0.5 ? common() : `${common()} ${common()}` }),
    phrase: () => ({ q: `"${common()} ${r() < 0.5 ? common() : mid()}"` }),
    operators: () => ({ q: (operatorQueries[Math.floor(r() * operatorQueries.length)] ?? operatorQueries[0]!)() }),
    tbs: () => ({ q: `${mid()}`, tbs: tbsValues[Math.floor(r() * tbsValues.length)] ?? 'qdr:m' }),
  };
}

interface DialectFigures {
  dialect: DialectName;
  pages: number;
  indexPagesPerSecond: number;
  pipelinePagesPerSecond: number;
  pipelineSample: number;
  bytes: number;
  latencyMs: Record<string, Latency>;
}

async function indexCorpus(store: IndexStore, concurrency: number): Promise<{ pipeline: number; pipelineSample: number; bulk: number }> {
  // The full pipeline (HTML → extraction → verticals → store) on a sample …
  const sample = Math.min(2000, PAGES);
  const indexer = createIndexer({ store, now: () => NOW });
  const htmls = Array.from({ length: sample }, (_, i) => syntheticHtml(i));
  let started = performance.now();
  for (const { url, html } of htmls) await indexer.indexHtml(html, url, 'import');
  const pipeline = sample / ((performance.now() - started) / 1000);
  // … and the store alone for the rest, from pages already read.
  started = performance.now();
  let next = sample;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= PAGES) return;
      await store.putPage(syntheticPage(index), { source: 'import', now: NOW });
      if (index % 10_000 === 0 && !options.json) process.stderr.write(`\r  indexed ${index} pages…`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (!options.json) process.stderr.write('\r\x1b[2K');
  const bulk = (PAGES - sample) / ((performance.now() - started) / 1000);
  return { pipeline, pipelineSample: sample, bulk };
}

async function benchDialect(dialect: DialectName, handle: DatabaseHandle, reuse = false): Promise<DialectFigures> {
  await migrateToLatest(handle);
  const store = createIndexStore(handle.db, dialect);
  const { pipeline, pipelineSample, bulk } = reuse ? { pipeline: 0, pipelineSample: 0, bulk: 0 } : await indexCorpus(store, dialect === 'postgres' ? 8 : 1);
  // Merge the FTS5 segments written page by page, as an operator's nightly optimise would.
  if (dialect === 'sqlite') await sql`INSERT INTO index_docs_fts(index_docs_fts) VALUES ('optimize')`.execute(handle.db);
  await sql`ANALYZE`.execute(handle.db);
  const mix = queryMix(7);
  const latencyMs: Record<string, Latency> = {};
  for (const kind of ['plain', 'common', 'phrase', 'operators', 'tbs'] as const) {
    const queries = Array.from({ length: QUERIES + 30 }, () => mix[kind]());
    latencyMs[kind] = await timeQueries(async (i) => {
      const { q, tbs } = queries[i] as { q: string; tbs?: string };
      const started = performance.now();
      const hits = await store.search({
        vertical: 'web',
        query: parseQuery(q),
        num: 10,
        page: 1,
        window: tbs ? tbsWindow(parseTbs(tbs), NOW) : { sortByDate: false },
        country: 'us',
        lang: 'en',
      });
      const ms = performance.now() - started;
      if (options.slow !== '' && ms > Number(options.slow)) console.error(`  slow (${ms.toFixed(1)} ms, ${dialect}, ${kind}): ${q}${tbs ? ` tbs=${tbs}` : ''}`);
      return hits.length;
    }, QUERIES);
  }
  const stats = await store.stats();
  return {
    dialect,
    pages: stats.pages,
    indexPagesPerSecond: Math.round(bulk),
    pipelinePagesPerSecond: Math.round(pipeline),
    pipelineSample,
    bytes: stats.bytes,
    latencyMs,
  };
}

async function benchHttp(dataDir: string): Promise<{ hitP50: number; missP50: number; hitP99: number; missP99: number }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    THROTTLE_KEY_RATE: '10000000/min',
    THROTTLE_ACCOUNT_RATE: '10000000/min',
    SIGNUP_CREDITS: '0',
  });
  const quarry = await createApp(config, { logger: createLogger('silent') });
  try {
    const address = await quarry.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await quarry.services.accounts.register({
      email: `bench-${Date.now()}@example.com`,
      password: 'a sturdy bench passphrase',
      origin: 'http://127.0.0.1',
      active: true,
      credits: 100_000_000,
    });
    const { key } = await quarry.services.keys.create(user.id, 'bench');
    const mix = queryMix(11);
    const post = async (body: unknown) => {
      const res = await fetch(`${address}/api/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return res.headers.get('x-cache') === 'HIT' ? 1 : 0;
    };
    const missQueries = Array.from({ length: QUERIES + 30 }, () => mix.plain().q);
    const miss = await timeQueries((i) => post({ query: missQueries[i], use_cache: false }), QUERIES);
    const hitQuery = mix.plain().q;
    await post({ query: hitQuery });
    const hit = await timeQueries(() => post({ query: hitQuery }), QUERIES);
    if (hit.avgResults !== 1) throw new Error('the repeated search was not served from the cache');
    return { hitP50: hit.p50, hitP99: hit.p99, missP50: miss.p50, missP99: miss.p99 };
  } finally {
    await quarry.close();
  }
}

const figures: { dialects: DialectFigures[]; http?: Awaited<ReturnType<typeof benchHttp>> } = { dialects: [] };

if (!options['skip-sqlite']) {
  const dataDir = options.keep === '' ? mkdtempSync(join(tmpdir(), 'quarry-bench-')) : options.keep;
  try {
    const reuse = options.keep !== '' && existsSync(join(dataDir, 'quarry.db'));
    const handle = openDatabase({ sqliteFile: join(dataDir, 'quarry.db') });
    try {
      figures.dialects.push(await benchDialect('sqlite', handle, reuse));
    } finally {
      await handle.close();
    }
    if (!options['skip-http']) figures.http = await benchHttp(dataDir);
  } finally {
    if (options.keep === '') rmSync(dataDir, { recursive: true, force: true });
  }
}

if (options.postgres) {
  const kept = options['keep-postgres'];
  if (kept !== '' && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('--keep-postgres takes a plain database name');
  const name = kept === '' ? `quarry_bench_${randomBytes(4).toString('hex')}` : kept;
  const admin = new pg.Client({ connectionString: options.postgres });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(options.postgres);
  url.pathname = `/${name}`;
  try {
    const handle = openDatabase({ url: url.toString(), sqliteFile: '', poolSize: 10 });
    try {
      figures.dialects.push(await benchDialect('postgres', handle, exists));
    } finally {
      await handle.close();
    }
  } finally {
    if (kept === '') {
      const cleanup = new pg.Client({ connectionString: options.postgres });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  }
}

if (options.json) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  for (const d of figures.dialects) {
    console.log(`\n${d.dialect}: ${d.pages} pages, ${(d.bytes / 1024 / 1024).toFixed(1)} MiB`);
    console.log(`  indexing: ${d.indexPagesPerSecond} pages/s (store), ${d.pipelinePagesPerSecond} pages/s (HTML → index, ${d.pipelineSample}-page sample)`);
    for (const [kind, l] of Object.entries(d.latencyMs)) {
      console.log(`  ${kind.padEnd(10)} p50 ${l.p50.toFixed(2)} ms   p99 ${l.p99.toFixed(2)} ms   (mean ${l.mean.toFixed(2)} ms, ${l.avgResults} results)`);
    }
  }
  if (figures.http) {
    console.log(
      `\nPOST /api/v1/search over loopback HTTP (sqlite): cache hit p50 ${figures.http.hitP50} ms (p99 ${figures.http.hitP99}), miss p50 ${figures.http.missP50} ms (p99 ${figures.http.missP99})`,
    );
  }
}

/**
 * `quarry index import`: pages from WARC archives (response records of HTML pages, dated by their
 * WARC-Date) or from lists of URLs (fetched politely through the guarded fetch engine, obeying
 * robots.txt — the crawler with depth 0 for each URL).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { decodeText, parseContentType } from '../../scrape/index.js';
import type { Crawler } from '../../crawl/index.js';
import type { Indexer } from '../indexer.js';
import { parseHttpResponse, readWarcFile } from './warc.js';

export interface ImportCounts {
  indexed: number;
  skipped: number;
  failed: number;
}

export interface ImportProgress extends ImportCounts {
  readonly file: string;
  readonly url: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Whether the file is a WARC archive (by name, or by its first bytes). */
export async function looksLikeWarc(path: string): Promise<boolean> {
  if (/\.warc(\.gz)?$/i.test(path) || /\.arc\.gz$/i.test(path)) return true;
  const stream = createReadStream(path, { start: 0, end: 4 });
  let head = Buffer.alloc(0);
  for await (const chunk of stream) head = Buffer.concat([head, chunk as Buffer]);
  return head.toString('latin1').startsWith('WARC/') || (head[0] === 0x1f && head[1] === 0x8b);
}

/** Indexes every HTML `response` record of a WARC file; other records are passed over. */
export async function importWarc(file: string, indexer: Indexer, counts: ImportCounts, onProgress?: (progress: ImportProgress) => void): Promise<void> {
  for await (const record of readWarcFile(file)) {
    if (record.headers['warc-type'] !== 'response') continue;
    const url = record.headers['warc-target-uri']?.replace(/^<|>$/g, '');
    if (url === undefined || !/^https?:\/\//i.test(url)) continue;
    const response = parseHttpResponse(record.block);
    const type = parseContentType(response?.headers['content-type']);
    if (response === undefined || response.status < 200 || response.status >= 300 || !HTML_TYPES.has(type?.mimeType ?? '')) {
      counts.skipped++;
    } else {
      const fetchedAt = new Date(record.headers['warc-date'] ?? '');
      const html = decodeText(response.body, type?.charset).text;
      const outcome = await indexer.indexHtml(html, url, 'import', Number.isNaN(fetchedAt.getTime()) ? undefined : fetchedAt);
      counts[outcome.status === 'indexed' ? 'indexed' : 'skipped']++;
    }
    onProgress?.({ ...counts, file, url });
  }
}

/** The URLs of a list file: one per line; blank lines and `#` comments ignored. */
export async function* urlsOfList(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const raw of lines) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line !== '') yield line;
  }
}

/** Fetches and indexes each listed URL (no links followed), as the crawler does for a seed. */
export async function importUrlList(
  file: string,
  crawler: Crawler,
  counts: ImportCounts,
  onProgress?: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  for await (const url of urlsOfList(file)) {
    let ok = true;
    try {
      new URL(url);
    } catch {
      ok = false;
    }
    if (!ok) {
      counts.failed++;
      onProgress?.({ ...counts, file, url });
      continue;
    }
    const report = await crawler.crawl({ seed: url, maxPages: 1, maxDepth: 0, sameHost: true, ...(signal ? { signal } : {}) });
    if (report.done > 0) counts.indexed++;
    else if (report.failed > 0) counts.failed++;
    else counts.skipped++;
    onProgress?.({ ...counts, file, url });
  }
}

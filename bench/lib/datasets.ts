import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface BenchPage {
  id: string;
  url: string;
  /** Page type (WCXB) or `article`. */
  type: string;
  expected: string;
  /** Reads and decompresses the page (not part of any timing). */
  load(): string;
}

function readGzip(path: string): string {
  return gunzipSync(readFileSync(path)).toString('utf8');
}

interface WcxbGroundTruth {
  url: string;
  _internal?: { page_type?: { primary?: string } };
  ground_truth: { main_content?: string };
}

/** WCXB dev pages that have a main-content ground truth, in id order. */
export function wcxbPages(benchRoot: string): BenchPage[] {
  const dir = join(benchRoot, 'wcxb', 'dev');
  const pages: BenchPage[] = [];
  for (const file of readdirSync(join(dir, 'ground-truth')).sort()) {
    if (!file.endsWith('.json')) continue;
    const id = file.slice(0, -'.json'.length);
    const truth = JSON.parse(readFileSync(join(dir, 'ground-truth', file), 'utf8')) as WcxbGroundTruth;
    const expected = truth.ground_truth.main_content;
    if (expected === undefined) continue;
    pages.push({
      id,
      url: truth.url,
      type: truth._internal?.page_type?.primary ?? 'unknown',
      expected,
      load: () => readGzip(join(dir, 'html', `${id}.html.gz`)),
    });
  }
  return pages;
}

/** Zyte article-extraction benchmark pages, in id order. */
export function articlePages(benchRoot: string): BenchPage[] {
  const dir = join(benchRoot, 'article-extraction');
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody: string; url: string }>;
  return Object.keys(truth)
    .sort()
    .map((id) => {
      const entry = truth[id] as { articleBody: string; url: string };
      return { id, url: entry.url, type: 'article', expected: entry.articleBody, load: () => readGzip(join(dir, 'html', `${id}.html.gz`)) };
    });
}

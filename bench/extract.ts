/**
 * Extraction quality and speed on the shared benchmark data (see /work/shared/bench/README.md
 * for the data sets, their licences and the exact metrics).
 *
 *   npm run bench:extract -- [--limit N] [--only wcxb|article] [--baseline] [--json]
 *                            [--split all|even|odd] [--worst N] [--data DIR] [--parsers]
 *                            [--type T] [--dump FILE] [--show ID]
 *
 * --split even|odd keeps pages whose numeric id is even/odd (tune on one half, check on the
 * other); --worst N lists the N lowest-scoring WCXB pages per type (for diagnosis);
 * --parsers also times HTML parsing alone (our tree builder vs linkedom) over WCXB.
 * --type T keeps the WCXB pages of one page type (fast iteration on a weak kind); --dump FILE
 * writes every page's scores as JSON (compare two runs page by page); --show ID prints one
 * page's extracted text beside its ground truth, with the words each side lacks.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseHtml } from '../src/scrape/extract/dom.js';
import { extractPage } from '../src/scrape/extract/index.js';
import { linkedomParse, readabilityText } from './lib/baseline.js';
import { type BenchPage, articlePages, wcxbPages } from './lib/datasets.js';
import { type Scores, averageScores, harmonicOfAverages, percentile, shingleScores, wordScores, words } from './lib/metrics.js';

type Extractor = (html: string, url: string) => string;

interface PageResult {
  id: string;
  type: string;
  scores: Scores;
  /** Wall-clock time of the extraction. */
  ms: number;
  /** CPU time of the process during the extraction: steadier than wall time on a busy machine. */
  cpuMs: number;
}

interface RunSummary {
  extractor: string;
  dataset: string;
  pages: number;
  overall: Scores;
  byType: Record<string, Scores & { pages: number }>;
  medianMs: number;
  p95Ms: number;
  medianCpuMs: number;
  p95CpuMs: number;
  worst?: Record<string, Array<{ id: string; f1: number }>>;
}

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    only: { type: 'string' },
    baseline: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    split: { type: 'string', default: 'all' },
    worst: { type: 'string' },
    data: { type: 'string', default: '/work/shared/bench' },
    parsers: { type: 'boolean', default: false },
    type: { type: 'string' },
    dump: { type: 'string' },
    show: { type: 'string' },
  },
});

const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number.parseInt(values.limit, 10);
const worstCount = values.worst === undefined ? 0 : Number.parseInt(values.worst, 10);
const showProgress = process.stderr.isTTY === true && !values.json;

const extractors: Array<[string, Extractor]> = [['quarry', (html, url) => extractPage(html, { url }).text]];
if (values.baseline) extractors.push(['readability', readabilityText]);

function selectPages(pages: BenchPage[]): BenchPage[] {
  const split = values.split;
  const kept = pages.filter((page) => {
    if (values.show !== undefined) return page.id === values.show;
    if (values.type !== undefined && page.type !== values.type && page.type !== 'article') return false;
    if (split === 'all') return true;
    const n = Number.parseInt(page.id, 10);
    const even = Number.isNaN(n) ? page.id.charCodeAt(page.id.length - 1) % 2 === 0 : n % 2 === 0;
    return split === 'even' ? even : !even;
  });
  return kept.slice(0, limit);
}

function run(dataset: string, pages: BenchPage[], name: string, extract: Extractor, score: (p: string, e: string) => Scores): PageResult[] {
  const results: PageResult[] = [];
  pages.forEach((page, index) => {
    const html = page.load();
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    let predicted: string;
    try {
      predicted = extract(html, page.url);
    } catch (error) {
      console.error(`\n${name} failed on ${dataset} ${page.id}: ${(error as Error).message}`);
      predicted = '';
    }
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    results.push({ id: page.id, type: page.type, scores: score(predicted, page.expected), ms, cpuMs: (cpu.user + cpu.system) / 1000 });
    if (showProgress && (index % 10 === 0 || index === pages.length - 1)) {
      process.stderr.write(`\r${dataset} ${name}: ${index + 1}/${pages.length}   `);
    }
  });
  if (showProgress) process.stderr.write('\n');
  return results;
}

function summarise(dataset: string, extractor: string, results: PageResult[], aggregate: (s: Scores[]) => Scores): RunSummary {
  const types = Array.from(new Set(results.map((r) => r.type))).sort();
  const byType: RunSummary['byType'] = {};
  for (const type of types) {
    const ofType = results.filter((r) => r.type === type);
    byType[type] = { ...aggregate(ofType.map((r) => r.scores)), pages: ofType.length };
  }
  const times = results.map((r) => r.ms);
  const cpuTimes = results.map((r) => r.cpuMs);
  const summary: RunSummary = {
    extractor,
    dataset,
    pages: results.length,
    overall: aggregate(results.map((r) => r.scores)),
    byType,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    medianCpuMs: percentile(cpuTimes, 50),
    p95CpuMs: percentile(cpuTimes, 95),
  };
  if (worstCount > 0) {
    summary.worst = {};
    for (const type of types) {
      summary.worst[type] = results
        .filter((r) => r.type === type)
        .sort((a, b) => a.scores.f1 - b.scores.f1)
        .slice(0, worstCount)
        .map((r) => ({ id: r.id, f1: Number(r.scores.f1.toFixed(3)) }));
    }
  }
  return summary;
}

const fmt = (n: number): string => n.toFixed(3);

function printSummary(summary: RunSummary, metric: string): void {
  const { overall } = summary;
  console.log(`\n${summary.dataset} — ${summary.extractor} (${summary.pages} pages, ${metric})`);
  console.log(`  F1 ${fmt(overall.f1)}  precision ${fmt(overall.precision)}  recall ${fmt(overall.recall)}`);
  if (Object.keys(summary.byType).length > 1) {
    for (const [type, s] of Object.entries(summary.byType)) {
      console.log(`  ${type.padEnd(14)} F1 ${fmt(s.f1)}  P ${fmt(s.precision)}  R ${fmt(s.recall)}  (${s.pages})`);
    }
  }
  console.log(
    `  time per page: median ${summary.medianMs.toFixed(1)} ms, p95 ${summary.p95Ms.toFixed(1)} ms (CPU: median ${summary.medianCpuMs.toFixed(1)} ms, p95 ${summary.p95CpuMs.toFixed(1)} ms)`,
  );
  if (summary.worst) {
    for (const [type, list] of Object.entries(summary.worst)) console.log(`  worst ${type}: ${list.map((w) => `${w.id}:${w.f1}`).join(' ')}`);
  }
}

function printComparison(ours: RunSummary, baseline: RunSummary): void {
  console.log(`\n${ours.dataset} — quarry vs readability`);
  console.log(`  F1 ${fmt(ours.overall.f1)} vs ${fmt(baseline.overall.f1)} (×${(ours.overall.f1 / baseline.overall.f1).toFixed(2)})`);
  console.log(`  median ${ours.medianMs.toFixed(1)} vs ${baseline.medianMs.toFixed(1)} ms (×${(baseline.medianMs / ours.medianMs).toFixed(2)} faster)`);
  console.log(`  p95 ${ours.p95Ms.toFixed(1)} vs ${baseline.p95Ms.toFixed(1)} ms (×${(baseline.p95Ms / ours.p95Ms).toFixed(2)} faster)`);
  console.log(
    `  CPU median ${ours.medianCpuMs.toFixed(1)} vs ${baseline.medianCpuMs.toFixed(1)} ms (×${(baseline.medianCpuMs / ours.medianCpuMs).toFixed(2)} faster)`,
  );
}

/** Words of `a` missing from `b` (multiset difference), in `a`'s order. */
function missingWords(a: string, b: string): string[] {
  const left = new Map<string, number>();
  for (const word of words(b.toLowerCase())) left.set(word, (left.get(word) ?? 0) + 1);
  return words(a.toLowerCase()).filter((word) => {
    const count = left.get(word) ?? 0;
    left.set(word, count - 1);
    return count <= 0;
  });
}

function showPage(page: BenchPage): void {
  const predicted = extractPage(page.load(), { url: page.url }).text;
  const scores = wordScores(predicted, page.expected);
  console.log(`${page.id} (${page.type}) ${page.url}\nF1 ${fmt(scores.f1)} P ${fmt(scores.precision)} R ${fmt(scores.recall)}`);
  console.log(`\n===== extracted =====\n${predicted}\n\n===== expected =====\n${page.expected}`);
  console.log(`\n===== extra (extracted, not expected) =====\n${missingWords(predicted, page.expected).join(' ')}`);
  console.log(`\n===== missing (expected, not extracted) =====\n${missingWords(page.expected, predicted).join(' ')}`);
}

if (values.show !== undefined) {
  for (const page of [...wcxbPages(values.data), ...articlePages(values.data)]) if (page.id === values.show) showPage(page);
  process.exit(0);
}

const summaries: RunSummary[] = [];
const perPage: Record<string, { type: string; f1: number }> = {};
const datasets: Array<{ name: string; metric: string; pages: () => BenchPage[]; score: (p: string, e: string) => Scores; aggregate: (s: Scores[]) => Scores }> =
  [
    { name: 'wcxb', metric: 'word F1, mean over pages', pages: () => wcxbPages(values.data), score: wordScores, aggregate: averageScores },
    { name: 'article', metric: '4-shingle F1 of mean P and R', pages: () => articlePages(values.data), score: shingleScores, aggregate: harmonicOfAverages },
  ];

for (const dataset of datasets) {
  if (values.only !== undefined && values.only !== dataset.name) continue;
  const pages = selectPages(dataset.pages());
  const perExtractor: RunSummary[] = [];
  for (const [name, extract] of extractors) {
    const results = run(dataset.name, pages, name, extract, dataset.score);
    if (name === 'quarry') for (const r of results) perPage[r.id] = { type: r.type, f1: Number(r.scores.f1.toFixed(4)) };
    const summary = summarise(dataset.name, name, results, dataset.aggregate);
    perExtractor.push(summary);
    summaries.push(summary);
    if (!values.json) printSummary(summary, dataset.metric);
  }
  const [ours, baseline] = perExtractor;
  if (!values.json && ours && baseline) printComparison(ours, baseline);
}

function timeParsers(pages: BenchPage[]): Array<{ parser: string; medianMs: number; p95Ms: number }> {
  const parsers: Array<[string, (html: string) => void]> = [
    ['quarry (htmlparser2 tree)', (html) => void parseHtml(html)],
    ['linkedom', linkedomParse],
  ];
  const times = parsers.map(() => [] as number[]);
  pages.forEach((page, index) => {
    const html = page.load();
    parsers.forEach(([, parse], i) => {
      const started = performance.now();
      parse(html);
      times[i]?.push(performance.now() - started);
    });
    if (showProgress && index % 10 === 0) process.stderr.write(`\rparsers: ${index + 1}/${pages.length}   `);
  });
  if (showProgress) process.stderr.write('\n');
  return parsers.map(([parser], i) => ({ parser, medianMs: percentile(times[i] ?? [], 50), p95Ms: percentile(times[i] ?? [], 95) }));
}

const parserTimes = values.parsers ? timeParsers(selectPages(wcxbPages(values.data))) : undefined;
if (parserTimes && !values.json) {
  console.log('\nHTML parsing alone over WCXB dev');
  for (const t of parserTimes) console.log(`  ${t.parser.padEnd(28)} median ${t.medianMs.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms`);
}

if (values.json) console.log(JSON.stringify({ runs: summaries, parsers: parserTimes ?? null }, null, 2));
if (values.dump !== undefined) writeFileSync(values.dump, JSON.stringify(perPage, null, 1));

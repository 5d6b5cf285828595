/**
 * How well `POST /api/v1/answer` picks what it gives the model, and how long it takes to get there.
 * Questions are made mechanically from real pages of `../shared/bench` (WCXB dev and the Zyte
 * article benchmark), each with a known answer sentence (bench/lib/answer-questions.ts says how).
 * Everything runs on loopback: the pages as a site, a Serper-speaking engine answering each
 * question with its target page among 4 topically close pages, and the fake OpenAI upstream, which
 * records each prompt and the moment it arrived.
 *
 *   npm run bench:answer -- [--questions 300] [--pages 5] [--profile FILE] [--save FILE] [--json]
 *
 * Prints:
 * - recall: the share of questions whose answer sentence (white space aside) is in the prompt the
 *   model received, overall and for the dev and held-out halves (held-out is the figure that counts;
 *   never tune on it), and the mean size of the passages given in tokens (o200k);
 * - time from sending the answer request to the model call, with warm caches (each question is
 *   asked once before it is timed), p50/p95, beside two baselines of the same run taken alternately
 *   with it: the question's search alone (`POST /api/v1/search`) and one cached page
 *   (`POST /api/v1/scrape/`), each request to complete answer.
 *
 * `--profile FILE` writes the CPU profile of the timed pass (bench/lib/cpu-profile.ts). `--save FILE`
 * writes the dev half's questions with the text Quarry read of each result page, to study misses
 * offline; the held-out half is never saved.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { startTestApp } from '../tests/support/app.js';
import { startFakeOpenAI } from '../tests/support/fake-openai.js';
import { makeQuestion, normalise, pageSearch, targetOrder, type CorpusPage, type Question } from './lib/answer-questions.js';
import { startPageSite, startSerperEngine, type SerperResult } from './lib/answer-servers.js';
import { profiled } from './lib/cpu-profile.js';
import { articlePages, wcxbPages, type BenchPage } from './lib/datasets.js';
import { mean, percentile } from './lib/metrics.js';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '300' },
    pages: { type: 'string', default: '5' },
    profile: { type: 'string' },
    save: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const questionCount = Number.parseInt(values.questions, 10);
const pagesPerQuestion = Number.parseInt(values.pages, 10);
const BENCH_ROOT = new URL('../../shared/bench/', import.meta.url).pathname;
/** Pages shorter than this rarely have a sentence worth asking about; they still serve as distractors. */
const MIN_TARGET_WORDS = 150;

interface LoadedPage extends CorpusPage {
  readonly source: BenchPage;
}

function corpus(): LoadedPage[] {
  const tagged = (prefix: string, pages: BenchPage[]) =>
    pages.filter((page) => page.expected.trim() !== '').map((page) => ({ id: `${prefix}-${page.id}`, source: page, truth: page.expected, title: '' }));
  return [...tagged('wcxb', wcxbPages(BENCH_ROOT)), ...tagged('article', articlePages(BENCH_ROOT))];
}

const htmlCache = new Map<string, string>();
function htmlOf(page: LoadedPage): string {
  let html = htmlCache.get(page.id);
  if (html === undefined) {
    html = page.source.load();
    htmlCache.set(page.id, html);
  }
  return html;
}

/** The title a search engine would show: the page's `<title>`, else its first words. */
function titleOf(page: LoadedPage): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(htmlOf(page))?.[1];
  const clean =
    title === undefined
      ? ''
      : normalise(
          title
            .replace(/&amp;/g, '&')
            .replace(/&#39;|&apos;/g, "'")
            .replace(/&quot;/g, '"'),
        );
  return clean !== '' ? clean : normalise(page.truth).split(' ').slice(0, 8).join(' ');
}

const progress = (text: string) => {
  if (!values.json) process.stderr.write(`\r${text}`.padEnd(60));
};

async function main(): Promise<void> {
  const pages = corpus();
  const byId = new Map(pages.map((page) => [page.id, page]));
  const site = await startPageSite((path) => {
    const page = byId.get(decodeURIComponent(path.slice(1)));
    return page === undefined ? undefined : htmlOf(page);
  });
  const pageUrl = (id: string) => `${site.url}/${id}`;
  const questionsByQuery = new Map<string, Question>();
  const engine = await startSerperEngine((q) =>
    (questionsByQuery.get(q)?.results ?? []).map((id): SerperResult => {
      const page = byId.get(id)!;
      return { title: titleOf(page), link: pageUrl(id), snippet: normalise(page.truth).split(' ').slice(0, 30).join(' ') };
    }),
  );
  // The fake model notes when each prompt arrived and what it said, and answers citing source 1.
  const model: { arrived?: { at: number; prompt: string } | undefined } = {};
  const fake = await startFakeOpenAI({
    scenario: {
      kind: 'script',
      answer: ({ body }, res) => {
        const at = performance.now();
        const messages = (body as { messages: Array<{ content: string }> }).messages;
        model.arrived = { at, prompt: messages.at(-1)!.content };
        const usage = { prompt_tokens: 1000, completion_tokens: 5, total_tokens: 1005 };
        const choice = { index: 0, message: { role: 'assistant', content: 'As the first source says [1].' }, finish_reason: 'stop' };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion', created: 1, model: 'bench-model', choices: [choice], usage }));
      },
    },
  });
  const t = await startTestApp({
    SCRAPE_ALLOWED_HOSTS: new URL(site.url).host,
    SERPER_URL: engine.url,
    SERPER_API_KEY: 'serper-key',
    SERPER_RATE: '100000/s',
    SEARCH_CHAIN_WEB: 'serper',
    INDEX_SCRAPES: 'off',
    THROTTLE_KEY_RATE: '100000000/min',
    THROTTLE_ACCOUNT_RATE: '100000000/min',
    CHAT_UPSTREAM_URL: fake.url,
    CHAT_UPSTREAM_MODEL: 'bench-model',
  });
  try {
    const base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    const customer = await t.customer(1_000_000_000);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': customer.key },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
      return text;
    };
    const scrapeBody = (id: string) => ({ url: pageUrl(id), formats: ['text'] });

    // Questions: targets in hashed order, each kept when the text Quarry extracts holds an answer sentence.
    const search = pageSearch(pages);
    const questions: Question[] = [];
    let tried = 0;
    // Each page is read once here (which fills the scrape cache); a page Quarry cannot read (an
    // anti-bot challenge saved with the corpus) is neither a target nor a distractor.
    const texts = new Map<string, string | undefined>();
    const textOf = async (id: string) => {
      if (!texts.has(id)) {
        const read = await post('/api/v1/scrape/', scrapeBody(id)).catch(() => undefined);
        texts.set(id, read === undefined ? undefined : ((JSON.parse(read) as { data: { text?: string } }).data.text ?? ''));
      }
      return texts.get(id);
    };
    const readable = async (id: string) => (await textOf(id)) !== undefined;
    for (const page of targetOrder(pages.filter((p) => normalise(p.truth).split(' ').length >= MIN_TARGET_WORDS))) {
      if (questions.length >= questionCount) break;
      tried++;
      const extracted = await textOf(page.id);
      if (extracted === undefined) continue;
      const question = await makeQuestion(page, extracted, search, readable, pagesPerQuestion);
      if (question === undefined || questionsByQuery.has(question.question)) continue;
      questions.push(question);
      questionsByQuery.set(question.question, question);
      progress(`questions ${questions.length}/${questionCount} (${tried} pages tried)`);
    }

    if (values.save !== undefined) {
      const dev = questions.filter((question) => question.half === 'dev');
      const page = (id: string) => ({ id, title: titleOf(byId.get(id)!), url: pageUrl(id), text: texts.get(id) ?? '' });
      writeFileSync(values.save, JSON.stringify(dev.map((question) => ({ ...question, pages: question.results.map(page) }))));
    }

    const takeArrival = () => {
      const { arrived } = model;
      model.arrived = undefined;
      return arrived;
    };
    const ask = async (question: Question) => {
      takeArrival();
      const started = performance.now();
      await post('/api/v1/answer', { query: question.question, limit: pagesPerQuestion });
      const arrived = takeArrival();
      if (arrived === undefined) throw new Error(`no model call for "${question.question}"`);
      return { ms: arrived.at - started, prompt: arrived.prompt };
    };
    const timed = async (task: () => Promise<unknown>) => {
      const started = performance.now();
      await task();
      return performance.now() - started;
    };

    // Warm pass: every search and page lands in the caches.
    for (const [i, question] of questions.entries()) {
      await ask(question);
      await post('/api/v1/search', { query: question.question, limit: pagesPerQuestion });
      progress(`warm ${i + 1}/${questions.length}`);
    }

    const answerMs: number[] = [];
    const searchMs: number[] = [];
    const scrapeMs: number[] = [];
    const outcomes: Array<{ question: Question; recalled: boolean; tokens: number }> = [];
    await profiled(values.profile, async () => {
      for (const [i, question] of questions.entries()) {
        const { ms, prompt } = await ask(question);
        answerMs.push(ms);
        if (ms > 500) process.stderr.write(`\nslow: ${ms.toFixed(0)} ms ${question.pageId} ${question.results.join(' ')}\n`);
        searchMs.push(await timed(() => post('/api/v1/search', { query: question.question, limit: pagesPerQuestion })));
        scrapeMs.push(await timed(() => post('/api/v1/scrape/', scrapeBody(question.pageId))));
        const sources = prompt.slice(0, prompt.lastIndexOf('\n\n---\n\nQuestion: '));
        outcomes.push({ question, recalled: normalise(prompt).includes(question.sentence), tokens: countTokens(sources) });
        progress(`timed ${i + 1}/${questions.length}`);
      }
    });
    if (!values.json) process.stderr.write('\n');

    const recall = (half?: Question['half']) => {
      const some = outcomes.filter((outcome) => half === undefined || outcome.question.half === half);
      return { recall: mean(some.map((outcome) => (outcome.recalled ? 1 : 0))), questions: some.length };
    };
    const times = (ms: number[]) => ({ p50: percentile(ms, 50), p95: percentile(ms, 95) });
    const result = {
      pagesPerQuestion,
      questions: questions.length,
      pagesTried: tried,
      recall: { all: recall(), dev: recall('dev'), heldOut: recall('held-out') },
      meanPromptTokens: mean(outcomes.map((outcome) => outcome.tokens)),
      answerToModelCall: times(answerMs),
      searchAlone: times(searchMs),
      cachedScrape: times(scrapeMs),
    };
    if (values.json) {
      console.log(JSON.stringify({ ...result, missed: outcomes.filter((o) => !o.recalled && o.question.half === 'dev').map((o) => o.question) }, null, 2));
      return;
    }
    const f = (n: number, digits = 1) => n.toFixed(digits);
    console.log(`\nanswer retrieval — ${questions.length} questions (${tried} pages tried), ${pagesPerQuestion} pages read each`);
    console.log(`recall of the answer sentence in the prompt: all ${f(result.recall.all.recall, 3)}`);
    console.log(`  dev      ${f(result.recall.dev.recall, 3)} (${result.recall.dev.questions})`);
    console.log(`  held-out ${f(result.recall.heldOut.recall, 3)} (${result.recall.heldOut.questions})  ← the figure that counts`);
    console.log(`mean passages given: ${f(result.meanPromptTokens, 0)} tokens`);
    console.log('\nwarm caches              p50 ms   p95 ms   ratio p50');
    const row = (name: string, figures: { p50: number; p95: number }) =>
      console.log(
        `${name.padEnd(24)} ${f(figures.p50).padStart(6)}   ${f(figures.p95).padStart(6)}   ${f(figures.p50 / result.searchAlone.p50, 2).padStart(6)}`,
      );
    row('answer → model call', result.answerToModelCall);
    row('search alone (baseline)', result.searchAlone);
    row('one cached scrape', result.cachedScrape);
    const missed = outcomes.filter((outcome) => !outcome.recalled && outcome.question.half === 'dev');
    if (missed.length > 0) console.log(`\ndev questions missed (first 5 of ${missed.length}):`);
    for (const { question } of missed.slice(0, 5)) console.log(`  ${question.pageId} "${question.question}" → ${question.sentence.slice(0, 100)}`);
  } finally {
    await t.close();
    await fake.close();
    await engine.close();
    await site.close();
  }
}

await main();

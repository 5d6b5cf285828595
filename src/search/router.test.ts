import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeDocument } from '../../tests/support/fake-search-corpus.js';
import { startFakeSearchUpstreams, type FakeFailure, type FakeSearchUpstreams } from '../../tests/support/fake-search-upstreams.js';
import { createManualClock } from '../../tests/support/manual-clock.js';
import { ENGINE_ERROR_KINDS, type EngineErrorKind, type SearchEngine } from './engine.js';
import { createBraveEngine } from './engines/brave.js';
import { createSearxngEngine } from './engines/searxng.js';
import { createSerperEngine } from './engines/serper.js';
import { AllEnginesFailedError, SearchConfigurationError, SearchNotConfiguredError } from './errors.js';
import { resolveCombinedRequest } from './requests.js';
import { createSearchRouter } from './router.js';
import { InvalidTbsError } from './tbs.js';

/*
 * The router over the real SearXNG, Brave and Serper adapters, talking HTTP to the loopback fakes
 * programmed with each test's documents. SearXNG claims no operator and only day/week/month/year
 * windows, Brave some operators and the same windows, Serper everything: the tests pick the adapter
 * whose declared abilities exercise the router's part.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let fake: FakeSearchUpstreams;
beforeEach(async () => {
  fake = await startFakeSearchUpstreams();
});
afterEach(async () => {
  await fake.close();
});

const rate = { limit: 1000, periodSeconds: 1 };
const searxng = (options: { timeoutMs?: number; configured?: boolean } = {}): SearchEngine =>
  createSearxngEngine({
    ...(options.configured === false ? {} : { baseUrl: fake.baseUrl('searxng') }),
    userAgent: 'QuarryTest/1.0',
    rate,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
const brave = (options: { configured?: boolean } = {}): SearchEngine =>
  createBraveEngine({ baseUrl: fake.baseUrl('brave'), ...(options.configured === false ? {} : { apiKey: 'brave-key' }), userAgent: 'QuarryTest/1.0', rate });
const serper = (): SearchEngine => createSerperEngine({ baseUrl: fake.baseUrl('serper'), apiKey: 'serper-key', userAgent: 'QuarryTest/1.0', rate });
/** Requests an upstream received (one per search of a few results: no second page is needed). */
const calls = (upstream: 'searxng' | 'brave' | 'serper') => fake.requestsTo(upstream).length;
const serperBody = (i = 0) => JSON.parse(fake.requestsTo('serper')[i]?.body ?? '{}') as Record<string, unknown>;

const doc = (title: string, url: string, description?: string, more: Partial<FakeDocument> = {}): FakeDocument => ({
  title,
  url,
  ...(description === undefined ? {} : { description }),
  ...more,
});

const RUST_WEB = {
  documents: {
    web: [
      doc('The Rust Book', 'https://doc.rust-lang.org/book/', 'Learn Rust error handling'),
      doc('Rust by Example', 'https://doc.rust-lang.org/rust-by-example/', 'Rust examples'),
      doc('Rust on Wikipedia', 'https://en.wikipedia.org/wiki/Rust_(programming_language)', 'Rust is a language'),
    ],
  },
};
const programAll = (corpus: Parameters<FakeSearchUpstreams['program']>[1]) => {
  for (const upstream of ['searxng', 'brave', 'serper'] as const) fake.program(upstream, corpus);
};

/** The HTTP failure of an upstream that each adapter reports as this kind. */
const FAILURE_OF: Readonly<Record<Exclude<EngineErrorKind, 'timeout'>, FakeFailure>> = {
  rate_limited: { status: 429 },
  unauthorized: { status: 401 },
  blocked: 'captcha-page',
  bad_response: 'malformed-json',
  upstream: { status: 503 },
  network: 'close',
};

describe('failover along the chain', () => {
  it('tries engines in chain order and answers with the first that succeeds', async () => {
    programAll(RUST_WEB);
    fake.fail('searxng', { status: 503 });
    fake.fail('brave', 'captcha-page');
    const router = createSearchRouter({ engines: [serper(), brave(), searxng()], chains: { web: ['searxng', 'brave', 'serper'] }, clock: createManualClock() });

    const outcome = await router.search('web', { q: 'rust', num: 10 });

    expect(outcome.engine).toBe('serper');
    expect(outcome.items.map((item) => item.title)).toEqual(['The Rust Book', 'Rust by Example', 'Rust on Wikipedia']);
    expect(outcome.attempts.map(({ engine, outcome: result, kind }) => [engine, result, kind])).toEqual([
      ['searxng', 'failed', 'upstream'],
      ['brave', 'failed', 'blocked'],
      ['serper', 'ok', undefined],
    ]);
    expect([calls('searxng'), calls('brave'), calls('serper')]).toEqual([1, 1, 1]);
  });

  it.each(ENGINE_ERROR_KINDS)('fails over on a %s error', async (kind) => {
    programAll(RUST_WEB);
    fake.fail('searxng', kind === 'timeout' ? 'hang' : FAILURE_OF[kind]);
    const router = createSearchRouter({
      engines: [searxng(kind === 'timeout' ? { timeoutMs: 200 } : {}), brave()],
      chains: { web: ['searxng', 'brave'] },
      clock: createManualClock(),
    });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('brave');
    expect(outcome.attempts[0]).toMatchObject({ engine: 'searxng', outcome: 'failed', kind });
  });

  it('fails over when an adapter breaks its contract by throwing something else', async () => {
    programAll(RUST_WEB);
    // A misbehaving adapter: no upstream answer makes a real adapter throw a plain TypeError.
    const broken: SearchEngine = { ...searxng(), name: 'broken', search: () => Promise.reject(new TypeError('cannot read properties of undefined')) };
    const router = createSearchRouter({ engines: [broken, brave()], chains: { web: ['broken', 'brave'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('brave');
    expect(outcome.attempts[0]).toMatchObject({ engine: 'broken', outcome: 'failed', kind: 'internal' });
  });

  it('fails over when an adapter answers for the wrong vertical', async () => {
    programAll({ documents: { news: [] } });
    // A misbehaving adapter: every real adapter answers the vertical it was asked for.
    const confused: SearchEngine = { ...searxng(), name: 'confused', search: () => Promise.resolve({ vertical: 'web', hits: [] }) };
    const router = createSearchRouter({ engines: [confused, brave()], chains: { news: ['confused', 'brave'] }, clock: createManualClock() });
    const outcome = await router.search('news', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('brave');
    expect(outcome.attempts[0]).toMatchObject({ kind: 'bad_response', message: 'answered web to a news search' });
  });

  it('skips unconfigured engines without counting them as failures', async () => {
    programAll(RUST_WEB);
    const router = createSearchRouter({
      engines: [searxng({ configured: false }), brave()],
      chains: { web: ['searxng', 'brave'] },
      clock: createManualClock(),
    });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('brave');
    expect(calls('searxng')).toBe(0);
    expect(router.health()[0]).toMatchObject({ engine: 'searxng', configured: false, status: 'ok', calls: 0 });
  });

  it('returns a genuine empty result as an empty list, without failing over', async () => {
    programAll(RUST_WEB);
    const router = createSearchRouter({ engines: [searxng(), brave()], chains: { web: ['searxng', 'brave'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'haskell', num: 10 });
    expect(outcome).toMatchObject({ engine: 'searxng', items: [] });
    expect(calls('brave')).toBe(0);
  });

  it('throws AllEnginesFailedError naming every engine and why when the whole chain fails', async () => {
    programAll(RUST_WEB);
    fake.fail('searxng', { status: 429, headers: { 'retry-after': '30' } });
    fake.fail('serper', 'close');
    const router = createSearchRouter({
      engines: [searxng(), brave({ configured: false }), serper()],
      chains: { web: ['searxng', 'brave', 'serper'] },
      clock: createManualClock(),
    });

    const error = await router.search('web', { q: 'rust', num: 10 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AllEnginesFailedError);
    const failure = error as AllEnginesFailedError;
    expect(failure.code).toBe('all_engines_failed');
    expect(failure.vertical).toBe('web');
    expect(failure.attempts.map((attempt) => [attempt.engine, attempt.outcome, attempt.kind])).toEqual([
      ['searxng', 'failed', 'rate_limited'],
      ['brave', 'not_configured', undefined],
      ['serper', 'failed', 'network'],
    ]);
    expect(failure.message).toMatch(/^All web search engines failed: searxng \(rate_limited: rate limited \(HTTP 429\)\), serper \(network: .+\)$/);
  });

  it('throws SearchNotConfiguredError when no engine of the chain is configured, or there is no chain', async () => {
    const router = createSearchRouter({ engines: [searxng({ configured: false })], chains: { web: ['searxng'] }, clock: createManualClock() });
    await expect(router.search('web', { q: 'rust', num: 10 })).rejects.toBeInstanceOf(SearchNotConfiguredError);
    await expect(router.search('news', { q: 'rust', num: 10 })).rejects.toBeInstanceOf(SearchNotConfiguredError);
  });

  it('counts an engine that does not answer in time as a timeout and moves on', async () => {
    programAll(RUST_WEB);
    fake.fail('searxng', 'hang');
    // The limit is per engine call: Brave, asked next, needs room to answer on a loaded machine.
    const router = createSearchRouter({
      engines: [searxng(), brave()],
      chains: { web: ['searxng', 'brave'] },
      engineTimeoutMs: 500,
      clock: createManualClock(),
    });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('brave');
    expect(outcome.attempts[0]).toMatchObject({ engine: 'searxng', outcome: 'failed', kind: 'timeout' });
  });

  it('stops at once when the caller aborts, without holding it against the engine', async () => {
    programAll(RUST_WEB);
    fake.fail('searxng', 'hang');
    let arrived = (): void => {};
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    fake.beforeAnswer('searxng', () => arrived());
    const router = createSearchRouter({ engines: [searxng(), brave()], chains: { web: ['searxng', 'brave'] }, clock: createManualClock() });
    const controller = new AbortController();
    const pending = router.search('web', { q: 'rust', num: 1 }, controller.signal);
    await requested;
    controller.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
    expect(calls('brave')).toBe(0);
    expect(router.health()[0]).toMatchObject({ status: 'ok', calls: 0, consecutiveFailures: 0 });
  });

  it('hands the engine the query and tbs parsed once, with defaults applied', async () => {
    programAll(RUST_WEB);
    const router = createSearchRouter({ engines: [serper()], chains: { web: ['serper'] }, clock: createManualClock() });
    await router.search('web', { q: 'rust -python', num: 5, tbs: 'qdr:d,sbd:1' });
    expect(serperBody()).toMatchObject({ q: 'rust -python', num: 5, gl: 'us', tbs: 'qdr:d,sbd:1', autocorrect: true });
    expect(serperBody()).not.toHaveProperty('page', 2);
  });

  it('hands a window the engine applies by units as the unit it names', async () => {
    programAll(RUST_WEB);
    const router = createSearchRouter({ engines: [brave()], chains: { web: ['brave'] }, clock: createManualClock() });
    await router.search('web', { q: 'rust', num: 5, tbs: 'qdr:d' });
    expect(fake.requestsTo('brave')[0]?.query.get('freshness')).toBe('pd');
  });

  it('takes a validated request body as resolved by the request module', async () => {
    programAll(RUST_WEB);
    const router = createSearchRouter({ engines: [serper()], chains: { web: ['serper'] }, clock: createManualClock() });
    const { search } = resolveCombinedRequest({ query: 'rust', limit: 2, country: 'DE', lang: 'de' });
    const outcome = await router.search('web', search);
    expect(outcome.items).toHaveLength(2);
    expect(serperBody()).toMatchObject({ num: 2, gl: 'de', hl: 'de', autocorrect: true });
  });

  it('refuses an invalid tbs before calling any engine', async () => {
    const router = createSearchRouter({ engines: [serper()], chains: { web: ['serper'] } });
    await expect(router.search('web', { q: 'rust', num: 5, tbs: 'qdr:z' })).rejects.toBeInstanceOf(InvalidTbsError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('circuit breaker', () => {
  it('suspends a failing engine, lets one probe through after the suspension, and recovers on success', async () => {
    programAll(RUST_WEB);
    const clock = createManualClock();
    const router = createSearchRouter({ engines: [searxng(), brave()], chains: { web: ['searxng', 'brave'] }, clock });
    const engineOf = async () => (await router.search('web', { q: 'rust', num: 1 })).engine;

    fake.fail('searxng', { status: 503 }, 2);
    expect(await engineOf()).toBe('brave');
    expect(router.health()[0]).toMatchObject({
      status: 'suspended',
      suspendedUntil: new Date(clock.now() + 1000),
      consecutiveFailures: 1,
    });

    clock.advance(999);
    expect(await engineOf()).toBe('brave');
    expect(calls('searxng')).toBe(1);

    clock.advance(1); // suspension over: the probe fails, the next suspension is twice as long
    expect(await engineOf()).toBe('brave');
    expect(calls('searxng')).toBe(2);
    expect(router.health()[0]).toMatchObject({ suspendedUntil: new Date(clock.now() + 2000), consecutiveFailures: 2 });

    clock.advance(1999);
    expect(await engineOf()).toBe('brave');
    expect(calls('searxng')).toBe(2);

    clock.advance(1); // the upstream is healthy again: the probe succeeds and the engine is back
    expect(await engineOf()).toBe('searxng');
    expect(await engineOf()).toBe('searxng');
    expect(router.health()[0]).toMatchObject({ status: 'ok', consecutiveFailures: 0 });
  });

  it('reports a suspended engine in the attempts, and fails fast when the whole chain is suspended', async () => {
    programAll(RUST_WEB);
    const clock = createManualClock();
    fake.fail('searxng', { status: 503 }, 5);
    const router = createSearchRouter({ engines: [searxng()], chains: { web: ['searxng'] }, clock });
    await expect(router.search('web', { q: 'rust', num: 1 })).rejects.toBeInstanceOf(AllEnginesFailedError);
    const error = await router.search('web', { q: 'rust', num: 1 }).catch((caught: unknown) => caught);
    expect((error as AllEnginesFailedError).attempts).toEqual([{ engine: 'searxng', outcome: 'suspended', suspendedUntil: new Date(clock.now() + 1000) }]);
    expect(calls('searxng')).toBe(1);
  });

  it('lets exactly one probe through while other searches keep skipping the engine', async () => {
    programAll(RUST_WEB);
    const clock = createManualClock();
    const router = createSearchRouter({ engines: [searxng(), brave()], chains: { web: ['searxng', 'brave'] }, clock });
    fake.fail('searxng', 'close');
    await router.search('web', { q: 'rust', num: 1 });
    clock.advance(1000);

    let arrived = (): void => {};
    const probing = new Promise<void>((resolve) => (arrived = resolve));
    let releaseProbe = (): void => {};
    fake.beforeAnswer('searxng', () => {
      arrived();
      return new Promise<void>((resolve) => (releaseProbe = resolve));
    });
    const probe = router.search('web', { q: 'rust', num: 1 });
    await probing;
    expect(router.health()[0]?.status).toBe('probing');
    expect((await router.search('web', { q: 'rust', num: 1 })).engine).toBe('brave');
    releaseProbe();
    expect((await probe).engine).toBe('searxng');
    expect(calls('searxng')).toBe(2);
  });

  it('suspends longer after a rate limit, honouring Retry-After, and after a block page', async () => {
    const clock = createManualClock();
    fake.fail('serper', { status: 429 });
    fake.fail('brave', { status: 429, headers: { 'retry-after': '600' } });
    fake.fail('searxng', 'captcha-page');
    const router = createSearchRouter({
      engines: [serper(), brave(), searxng()],
      chains: { web: ['serper'], news: ['brave'], images: ['searxng'] },
      clock,
    });
    for (const vertical of ['web', 'news', 'images'] as const) {
      await router.search(vertical, { q: 'x', num: 1 }).catch(() => undefined);
    }
    const until = Object.fromEntries(router.health().map((h) => [h.engine, (h.suspendedUntil?.getTime() ?? 0) - clock.now()]));
    expect(until).toEqual({ serper: 60_000, brave: 600_000, searxng: 300_000 });
  });

  it('uses the breaker options it is given', async () => {
    const clock = createManualClock();
    fake.fail('searxng', { status: 503 }, 3);
    const router = createSearchRouter({
      engines: [searxng()],
      chains: { web: ['searxng'] },
      clock,
      breaker: { baseSuspensionMs: 250, maxSuspensionMs: 400 },
    });
    const suspension = async () => {
      await router.search('web', { q: 'x', num: 1 }).catch(() => undefined);
      const ms = (router.health()[0]?.suspendedUntil?.getTime() ?? 0) - clock.now();
      clock.advance(ms);
      return ms;
    };
    expect([await suspension(), await suspension(), await suspension()]).toEqual([250, 400, 400]);
  });
});

describe('post-filtering what the engine cannot apply', () => {
  // The fake upstream ignores operators and phrases, as an upstream that cannot apply them does.
  const corpus = {
    documents: {
      web: [
        doc('Error handling in Rust', 'https://doc.rust-lang.org/book/ch09.html', 'Recoverable errors with Result'),
        doc('Rust error handling guide', 'https://blog.example.com/rust/errors', 'Error handling done right in Rust'),
        doc('Rust handling of errors (PDF)', 'https://papers.example.org/rust-errors.pdf', 'A paper on Rust errors'),
        doc('Rust jobs', 'https://jobs.example.com/rust', 'Rust jobs; error handling experience wanted'),
      ],
    },
  };
  /** Titles found through SearXNG, which claims no operator: the router applies them all. */
  const titlesFor = async (q: string) => {
    fake.program('searxng', corpus);
    const router = createSearchRouter({ engines: [searxng()], chains: { web: ['searxng'] }, clock: createManualClock() });
    return (await router.search('web', { q, num: 10 })).items.map((item) => item.title);
  };

  it('applies phrases', async () => {
    expect(await titlesFor('rust "error handling"')).toEqual(['Error handling in Rust', 'Rust error handling guide', 'Rust jobs']);
  });

  it('applies exclusions of words, phrases and operators', async () => {
    expect(await titlesFor('rust -jobs')).toHaveLength(3);
    expect(await titlesFor('rust -"error handling"')).toEqual(['Rust handling of errors (PDF)']);
    expect(await titlesFor('rust -site:example.com')).toEqual(['Error handling in Rust', 'Rust handling of errors (PDF)']);
  });

  it('applies site:, filetype:, inurl: and intitle:', async () => {
    expect(await titlesFor('rust site:example.com')).toEqual(['Rust error handling guide', 'Rust jobs']);
    expect(await titlesFor('rust filetype:pdf')).toEqual(['Rust handling of errors (PDF)']);
    expect(await titlesFor('rust -filetype:pdf')).toHaveLength(3);
    expect(await titlesFor('rust inurl:book')).toEqual(['Error handling in Rust']);
    expect(await titlesFor('rust intitle:guide')).toEqual(['Rust error handling guide']);
    expect(await titlesFor('allintitle: rust jobs')).toEqual(['Rust jobs']);
  });

  it('leaves natively applied operators to the engine, and post-filters only the others', async () => {
    fake.program('serper', corpus);
    fake.program('brave', corpus);
    const router = createSearchRouter({ engines: [serper()], chains: { web: ['serper'] }, clock: createManualClock() });
    // Serper claims site:, so the router trusts whatever it answered (this fake ignored the operator).
    const outcome = await router.search('web', { q: 'rust site:example.com', num: 10 });
    expect(outcome.items).toHaveLength(4);
    expect(serperBody().q).toBe('rust site:example.com');
    // Brave claims site: but not inurl:, so only inurl: is checked on what it answered.
    const braveRouter = createSearchRouter({ engines: [brave()], chains: { web: ['brave'] }, clock: createManualClock() });
    const titles = (await braveRouter.search('web', { q: 'rust site:example.com inurl:errors', num: 10 })).items.map((item) => item.title);
    expect(titles).toEqual(['Rust error handling guide', 'Rust handling of errors (PDF)']);
  });
});

describe('time windows and dates', () => {
  const clock = createManualClock();
  const ago = (ms: number) => new Date(clock.now() - ms);
  const news = (title: string, publishedAt?: Date, date?: string): FakeDocument =>
    doc(title, `https://news.example.com/${encodeURIComponent(title)}`, undefined, {
      ...(publishedAt ? { publishedAt } : {}),
      ...(date ? { date } : {}),
    });
  const corpus = {
    documents: {
      news: [
        news('tesla two days', ago(2 * DAY)),
        news('tesla half hour', ago(HOUR / 2)),
        news('tesla undated'),
        news('tesla three hours', ago(3 * HOUR)),
        news('tesla with its own date', ago(5 * HOUR), 'this morning'),
      ],
    },
  };
  const titlesOf = async (engine: SearchEngine, tbs?: string) => {
    const router = createSearchRouter({ engines: [engine], chains: { news: [engine.name] }, clock });
    const outcome = await router.search('news', { q: 'tesla', num: 10, ...(tbs === undefined ? {} : { tbs }) });
    return outcome.items.map((item) => item.title);
  };

  it('enforces a window the engine cannot apply, dropping undated results', async () => {
    // SearXNG knows no 6-hour range: it searches wider (this fake ignores ranges altogether).
    fake.program('searxng', corpus);
    expect(await titlesOf(searxng(), 'qdr:h6')).toEqual(['tesla half hour', 'tesla three hours', 'tesla with its own date']);
  });

  it('tightens the window of an engine that only knows coarser units', async () => {
    fake.program('brave', corpus);
    expect(await titlesOf(brave(), 'qdr:h')).toEqual(['tesla half hour']);
  });

  it('trusts the window of an engine that applies it by the unit asked', async () => {
    fake.program('brave', corpus);
    expect(await titlesOf(brave(), 'qdr:d')).toHaveLength(5);
  });

  it('sorts by date itself when the engine cannot, undated results last', async () => {
    fake.program('searxng', corpus);
    expect(await titlesOf(searxng(), 'sbd:1')).toEqual(['tesla half hour', 'tesla three hours', 'tesla with its own date', 'tesla two days', 'tesla undated']);
  });

  it('carries the true publication dates beside the items, and only the dates the engines gave in them', async () => {
    // The relative dates are the REST mapper's to show (routes-render.test.ts).
    fake.program('searxng', corpus);
    fake.program('serper', corpus);
    const datesOf = async (engine: SearchEngine) => {
      const router = createSearchRouter({ engines: [engine], chains: { news: [engine.name] }, clock });
      const outcome = await router.search('news', { q: 'tesla', num: 10 });
      return Object.fromEntries(outcome.items.map((item, index) => [item.title, { date: item.date, published: outcome.published?.[index] }]));
    };
    expect(await datesOf(searxng())).toEqual({
      'tesla two days': { date: undefined, published: ago(2 * DAY) },
      'tesla half hour': { date: undefined, published: ago(HOUR / 2) },
      'tesla undated': { date: undefined, published: undefined },
      'tesla three hours': { date: undefined, published: ago(3 * HOUR) },
      'tesla with its own date': { date: undefined, published: ago(5 * HOUR) },
    });
    expect((await datesOf(serper()))['tesla with its own date']?.date).toBe('this morning');
  });
});

describe('de-duplication, positions and trimming', () => {
  it('keeps the first of results with the same normalised URL and numbers the rest from 1', async () => {
    fake.program('searxng', {
      documents: {
        web: [
          doc('Rust', 'https://www.rust-lang.org/'),
          doc('Rust again', 'http://rust-lang.org?utm_source=feed#top'),
          doc('Rust book', 'https://doc.rust-lang.org/book/'),
          doc('Rust book again', 'https://doc.rust-lang.org/book'),
          doc('Rust playground', 'https://play.rust-lang.org/'),
        ],
      },
    });
    const router = createSearchRouter({ engines: [searxng()], chains: { web: ['searxng'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 10 });
    expect(outcome.items).toEqual([
      { title: 'Rust', url: 'https://www.rust-lang.org/', position: 1 },
      { title: 'Rust book', url: 'https://doc.rust-lang.org/book/', position: 2 },
      { title: 'Rust playground', url: 'https://play.rust-lang.org/', position: 3 },
    ]);
  });

  it('trims to num after filtering', async () => {
    fake.program('searxng', { documents: { web: Array.from({ length: 30 }, (_, i) => doc(`Rust ${i}`, `https://r.example/${i}`)) } });
    const router = createSearchRouter({ engines: [searxng()], chains: { web: ['searxng'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 7, page: 2 });
    expect(outcome.items.map((item) => [item.title, item.position])).toEqual(Array.from({ length: 7 }, (_, i) => [`Rust ${i + 7}`, i + 1]));
  });

  it('keeps several images of one page and places without a web site apart', async () => {
    fake.program('searxng', {
      documents: {
        images: [
          doc('Lion 1', 'https://zoo.example/lions', undefined, { imageUrl: 'https://img.example/l1.jpg' }),
          doc('Lion 2', 'https://zoo.example/lions', undefined, { imageUrl: 'https://img.example/l2.jpg' }),
          doc('Lion 1 copy', 'https://other.example/', undefined, { imageUrl: 'https://img.example/l1.jpg' }),
        ],
        places: [
          doc('Café Lion', 'https://osm.example/1', undefined, { address: '1 Main St' }),
          doc('Cafe lion', 'https://osm.example/2', undefined, { address: '1 Main St.' }),
          doc('Café Lion', 'https://osm.example/3', undefined, { address: '9 High St' }),
        ],
      },
    });
    const router = createSearchRouter({ engines: [searxng()], chains: { images: ['searxng'], places: ['searxng'] }, clock: createManualClock() });
    expect((await router.search('images', { q: 'lion', num: 10 })).items.map((item) => item.title)).toEqual(['Lion 1', 'Lion 2']);
    expect((await router.search('places', { q: 'lion', num: 10 })).items.map((item) => item.address)).toEqual(['1 Main St', '9 High St']);
  });

  it('cleans autocomplete suggestions: no repeats in another case, at most num', async () => {
    fake.program('serper', { documents: {}, suggestions: ['apple', 'Apple ', 'apple stock', '  ', 'apple watch', 'apple music'] });
    const router = createSearchRouter({ engines: [serper()], chains: { autocomplete: ['serper'] }, clock: createManualClock() });
    expect((await router.search('autocomplete', { q: 'app', num: 10 })).suggestions).toEqual(['apple', 'apple stock', 'apple watch', 'apple music']);
  });
});

describe('blended verticals', () => {
  beforeEach(() => {
    fake.program('searxng', {
      documents: {
        web: [doc('X', 'https://x.example/', 'x from a'), doc('Y', 'https://y.example/', 'y from a'), doc('Z', 'https://z.example/', 'z from a')],
      },
    });
    fake.program('brave', { documents: { web: [doc('Y from b', 'https://www.y.example/'), doc('W', 'https://w.example/', 'w')] } });
  });
  const blended = () =>
    createSearchRouter({ engines: [searxng(), brave()], chains: { web: ['searxng', 'brave'] }, blend: ['web'], clock: createManualClock() });

  it('asks every engine at once and merges by reciprocal rank, de-duplicated by URL', async () => {
    // Y: 1/62 + 1/61 (Brave's copy ranks better, SearXNG's fills its description), X: 1/61, W: 1/62, Z: 1/63
    const outcome = await blended().search('web', { q: 'example', num: 10 });
    expect(outcome.engine).toBe('searxng+brave');
    expect(outcome.items).toEqual([
      { title: 'Y from b', url: 'https://www.y.example/', description: 'y from a', position: 1 },
      { title: 'X', url: 'https://x.example/', description: 'x from a', position: 2 },
      { title: 'W', url: 'https://w.example/', description: 'w', position: 3 },
      { title: 'Z', url: 'https://z.example/', description: 'z from a', position: 4 },
    ]);
  });

  it('answers with the engines that succeeded and reports the others', async () => {
    fake.fail('searxng', { status: 503 });
    const outcome = await blended().search('web', { q: 'example', num: 10 });
    expect(outcome.engine).toBe('brave');
    expect(outcome.items.map((item) => item.title)).toEqual(['Y from b', 'W']);
    expect(outcome.attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'ok']);
  });

  it('throws AllEnginesFailedError when every blended engine fails', async () => {
    fake.fail('searxng', { status: 503 });
    fake.fail('brave', { status: 401 });
    const error = await blended()
      .search('web', { q: 'example', num: 10 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AllEnginesFailedError);
    expect((error as AllEnginesFailedError).message).toMatch(/^All web search engines failed: searxng \(upstream: .+\), brave \(unauthorized: .+\)$/);
  });

  it('blends suggestions too, at most num', async () => {
    fake.program('searxng', { documents: {}, suggestions: ['apple', 'apple pie'] });
    fake.program('serper', { documents: {}, suggestions: ['Apple Pie', 'apple tv'] });
    const router = createSearchRouter({
      engines: [searxng(), serper()],
      chains: { autocomplete: ['searxng', 'serper'] },
      blend: ['autocomplete'],
      clock: createManualClock(),
    });
    // "apple pie": 1/62 + 1/61, kept as spelled where it ranked best; "apple": 1/61; "apple tv": 1/62
    expect(await router.search('autocomplete', { q: 'app', num: 10 })).toMatchObject({
      engine: 'searxng+serper',
      suggestions: ['Apple Pie', 'apple', 'apple tv'],
    });
    expect((await router.search('autocomplete', { q: 'app', num: 2 })).suggestions).toEqual(['Apple Pie', 'apple']);
  });
});

describe('engine health', () => {
  it('reports the median latency and the error rate over recent calls', async () => {
    programAll(RUST_WEB);
    const clock = createManualClock();
    const latencies = [30, 10, 20, 40];
    fake.beforeAnswer('searxng', () => clock.advance(latencies.shift() ?? 0));
    const router = createSearchRouter({ engines: [searxng()], chains: { web: ['searxng'] }, clock, healthWindow: 4 });
    for (let i = 0; i < 4; i++) await router.search('web', { q: 'rust', num: 1 });
    expect(router.health()[0]).toMatchObject({ calls: 4, errorRate: 0, p50LatencyMs: 20, p95LatencyMs: 40 });

    fake.fail('searxng', { status: 503 });
    await router.search('web', { q: 'rust', num: 1 }).catch(() => undefined);
    expect(router.health()[0]).toMatchObject({
      calls: 4,
      errorRate: 0.25,
      status: 'suspended',
      lastError: { kind: 'upstream', message: expect.stringContaining('503') as unknown, at: new Date(clock.now()) },
    });
  });
});

describe('configuration', () => {
  it.each([
    [() => ({ engines: [searxng(), searxng()], chains: {} }), /named "searxng"/],
    [() => ({ engines: [searxng()], chains: { web: ['nope'] } }), /unknown engine "nope"/],
    [() => ({ engines: [searxng()], chains: { shopping: ['searxng'] } }), /does not serve shopping/],
    [() => ({ engines: [searxng()], chains: { web: ['searxng', 'searxng'] } }), /names an engine twice/],
    [() => ({ engines: [searxng()], chains: {}, engineTimeoutMs: 0 }), /engineTimeoutMs/],
  ])('refuses an inconsistent configuration at start (%#)', (options, message) => {
    expect(() => createSearchRouter(options())).toThrow(SearchConfigurationError);
    expect(() => createSearchRouter(options())).toThrow(message);
  });
});

import { describe, it, expect } from 'vitest';
import { createManualClock } from '../../tests/support/manual-clock.js';
import { createMemoryEngine, engineFailure, type MemoryCorpus } from '../../tests/support/memory-engine.js';
import { EngineError, ENGINE_ERROR_KINDS, type EngineHit } from './engine.js';
import { AllEnginesFailedError, SearchConfigurationError, SearchNotConfiguredError } from './errors.js';
import { resolveCombinedRequest } from './requests.js';
import { createSearchRouter } from './router.js';
import { InvalidTbsError } from './tbs.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const web = (title: string, url: string, description?: string, publishedAt?: Date): EngineHit<'web'> => ({
  item: { title, url, ...(description === undefined ? {} : { description }) },
  ...(publishedAt === undefined ? {} : { publishedAt }),
});

const RUST_WEB: MemoryCorpus = {
  web: [
    web('The Rust Book', 'https://doc.rust-lang.org/book/', 'Learn Rust error handling'),
    web('Rust by Example', 'https://doc.rust-lang.org/rust-by-example/', 'Rust examples'),
    web('Rust on Wikipedia', 'https://en.wikipedia.org/wiki/Rust_(programming_language)', 'Rust is a language'),
  ],
};

describe('failover along the chain', () => {
  it('tries engines in chain order and answers with the first that succeeds', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    const c = createMemoryEngine({ name: 'c', corpus: RUST_WEB });
    a.failWith(engineFailure('upstream'));
    b.failWith(engineFailure('blocked'));
    const router = createSearchRouter({ engines: [c, b, a], chains: { web: ['a', 'b', 'c'] }, clock: createManualClock() });

    const outcome = await router.search('web', { q: 'rust', num: 10 });

    expect(outcome.engine).toBe('c');
    expect(outcome.items.map((item) => item.title)).toEqual(['The Rust Book', 'Rust by Example', 'Rust on Wikipedia']);
    expect(outcome.attempts.map(({ engine, outcome: result, kind }) => [engine, result, kind])).toEqual([
      ['a', 'failed', 'upstream'],
      ['b', 'failed', 'blocked'],
      ['c', 'ok', undefined],
    ]);
    expect([a.calls.length, b.calls.length, c.calls.length]).toEqual([1, 1, 1]);
  });

  it.each(ENGINE_ERROR_KINDS)('fails over on a %s error', async (kind) => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    a.failWith(engineFailure(kind));
    const router = createSearchRouter({ engines: [a, b], chains: { web: ['a', 'b'] }, clock: createManualClock() });
    expect((await router.search('web', { q: 'rust', num: 1 })).engine).toBe('b');
  });

  it('fails over when an engine breaks its contract by throwing something else', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    a.failWith(() => new TypeError('cannot read properties of undefined'));
    const router = createSearchRouter({ engines: [a, b], chains: { web: ['a', 'b'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('b');
    expect(outcome.attempts[0]).toMatchObject({ engine: 'a', outcome: 'failed', kind: 'internal' });
  });

  it('fails over when an engine answers for the wrong vertical', async () => {
    const confused = createMemoryEngine({ name: 'confused', corpus: { news: [] } });
    confused.respondWith(() => ({ vertical: 'web', hits: [] }));
    const b = createMemoryEngine({ name: 'b', corpus: { news: [] } });
    const router = createSearchRouter({ engines: [confused, b], chains: { news: ['confused', 'b'] }, clock: createManualClock() });
    const outcome = await router.search('news', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('b');
    expect(outcome.attempts[0]).toMatchObject({ kind: 'bad_response', message: 'answered web to a news search' });
  });

  it('skips unconfigured engines without counting them as failures', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB, configured: false });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a, b], chains: { web: ['a', 'b'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('b');
    expect(a.calls).toHaveLength(0);
    expect(router.health()[0]).toMatchObject({ engine: 'a', configured: false, status: 'ok', calls: 0 });
  });

  it('returns a genuine empty result as an empty list, without failing over', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a, b], chains: { web: ['a', 'b'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'haskell', num: 10 });
    expect(outcome).toMatchObject({ engine: 'a', items: [] });
    expect(b.calls).toHaveLength(0);
  });

  it('throws AllEnginesFailedError naming every engine and why when the whole chain fails', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    const off = createMemoryEngine({ name: 'off', corpus: RUST_WEB, configured: false });
    a.failWith(engineFailure('rate_limited', { retryAfterSeconds: 30 }));
    b.failWith(engineFailure('network'));
    const router = createSearchRouter({ engines: [a, off, b], chains: { web: ['a', 'off', 'b'] }, clock: createManualClock() });

    const error = await router.search('web', { q: 'rust', num: 10 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AllEnginesFailedError);
    const failure = error as AllEnginesFailedError;
    expect(failure.code).toBe('all_engines_failed');
    expect(failure.vertical).toBe('web');
    expect(failure.attempts.map((attempt) => [attempt.engine, attempt.outcome, attempt.kind])).toEqual([
      ['a', 'failed', 'rate_limited'],
      ['off', 'not_configured', undefined],
      ['b', 'failed', 'network'],
    ]);
    expect(failure.message).toBe(
      'All web search engines failed: a (rate_limited: simulated rate_limited), b (network: simulated network)',
    );
  });

  it('throws SearchNotConfiguredError when no engine of the chain is configured, or there is no chain', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB, configured: false });
    const router = createSearchRouter({ engines: [a], chains: { web: ['a'] }, clock: createManualClock() });
    await expect(router.search('web', { q: 'rust', num: 10 })).rejects.toBeInstanceOf(SearchNotConfiguredError);
    await expect(router.search('news', { q: 'rust', num: 10 })).rejects.toBeInstanceOf(SearchNotConfiguredError);
  });

  it('counts an engine that does not answer in time as a timeout and moves on', async () => {
    const slow = createMemoryEngine({ name: 'slow', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    slow.hang();
    const router = createSearchRouter({
      engines: [slow, b],
      chains: { web: ['slow', 'b'] },
      engineTimeoutMs: 30,
      clock: createManualClock(),
    });
    const outcome = await router.search('web', { q: 'rust', num: 1 });
    expect(outcome.engine).toBe('b');
    expect(outcome.attempts[0]).toMatchObject({ engine: 'slow', outcome: 'failed', kind: 'timeout' });
  });

  it('stops at once when the caller aborts, without holding it against the engine', async () => {
    const slow = createMemoryEngine({ name: 'slow', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    slow.hang();
    const router = createSearchRouter({ engines: [slow, b], chains: { web: ['slow', 'b'] }, clock: createManualClock() });
    const controller = new AbortController();
    const pending = router.search('web', { q: 'rust', num: 1 }, controller.signal);
    controller.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
    expect(b.calls).toHaveLength(0);
    expect(router.health()[0]).toMatchObject({ status: 'ok', calls: 0, consecutiveFailures: 0 });
  });

  it('hands every engine the query and tbs parsed once, with defaults applied', async () => {
    const clock = createManualClock();
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a], chains: { web: ['a'] }, clock });
    await router.search('web', { q: 'rust -python', num: 5, tbs: 'qdr:d,sbd:1' });
    expect(a.calls[0]).toEqual({
      vertical: 'web',
      q: 'rust -python',
      query: {
        clauses: [
          { kind: 'term', value: 'rust', negated: false },
          { kind: 'term', value: 'python', negated: true },
        ],
      },
      num: 5,
      page: 1,
      country: 'us',
      tbs: { recent: { unit: 'd', count: 1 }, sortByDate: true },
      window: { since: new Date(clock.now() - DAY), sortByDate: true },
      autocorrect: true,
    });
  });

  it('takes a validated request body as resolved by the request module', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a], chains: { web: ['a'] }, clock: createManualClock() });
    const { search } = resolveCombinedRequest({ query: 'rust', limit: 2, country: 'DE', lang: 'de' });
    const outcome = await router.search('web', search);
    expect(outcome.items).toHaveLength(2);
    expect(a.calls[0]).toMatchObject({ num: 2, country: 'de', lang: 'de', page: 1, autocorrect: true });
  });

  it('refuses an invalid tbs before calling any engine', async () => {
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a], chains: { web: ['a'] } });
    await expect(router.search('web', { q: 'rust', num: 5, tbs: 'qdr:z' })).rejects.toBeInstanceOf(InvalidTbsError);
    expect(a.calls).toHaveLength(0);
  });
});

describe('circuit breaker', () => {
  it('suspends a failing engine, lets one probe through after the suspension, and recovers on success', async () => {
    const clock = createManualClock();
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a, b], chains: { web: ['a', 'b'] }, clock });
    const engineOf = async () => (await router.search('web', { q: 'rust', num: 1 })).engine;

    a.failWith(engineFailure('upstream'));
    expect(await engineOf()).toBe('b');
    expect(router.health()[0]).toMatchObject({
      status: 'suspended',
      suspendedUntil: new Date(clock.now() + 1000),
      consecutiveFailures: 1,
    });

    clock.advance(999);
    expect(await engineOf()).toBe('b');
    expect(a.calls).toHaveLength(1);

    clock.advance(1); // suspension over: the probe fails, the next suspension is twice as long
    expect(await engineOf()).toBe('b');
    expect(a.calls).toHaveLength(2);
    expect(router.health()[0]).toMatchObject({ suspendedUntil: new Date(clock.now() + 2000), consecutiveFailures: 2 });

    clock.advance(1999);
    expect(await engineOf()).toBe('b');
    expect(a.calls).toHaveLength(2);

    a.recover();
    clock.advance(1); // the probe succeeds: the engine is back
    expect(await engineOf()).toBe('a');
    expect(await engineOf()).toBe('a');
    expect(router.health()[0]).toMatchObject({ status: 'ok', consecutiveFailures: 0 });
  });

  it('reports a suspended engine in the attempts, and fails fast when the whole chain is suspended', async () => {
    const clock = createManualClock();
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    a.failWith(engineFailure('upstream'));
    const router = createSearchRouter({ engines: [a], chains: { web: ['a'] }, clock });
    await expect(router.search('web', { q: 'rust', num: 1 })).rejects.toBeInstanceOf(AllEnginesFailedError);
    const error = await router.search('web', { q: 'rust', num: 1 }).catch((caught: unknown) => caught);
    expect((error as AllEnginesFailedError).attempts).toEqual([
      { engine: 'a', outcome: 'suspended', suspendedUntil: new Date(clock.now() + 1000) },
    ]);
    expect(a.calls).toHaveLength(1);
  });

  it('lets exactly one probe through while other searches keep skipping the engine', async () => {
    const clock = createManualClock();
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    const b = createMemoryEngine({ name: 'b', corpus: RUST_WEB });
    const router = createSearchRouter({ engines: [a, b], chains: { web: ['a', 'b'] }, clock });
    a.failWith(engineFailure('network'), 1);
    await router.search('web', { q: 'rust', num: 1 });
    clock.advance(1000);

    let releaseProbe = (): void => {};
    a.beforeAnswer(() => new Promise<void>((resolve) => (releaseProbe = resolve)));
    const probe = router.search('web', { q: 'rust', num: 1 });
    await Promise.resolve();
    expect(router.health()[0]?.status).toBe('probing');
    expect((await router.search('web', { q: 'rust', num: 1 })).engine).toBe('b');
    releaseProbe();
    expect((await probe).engine).toBe('a');
    expect(a.calls).toHaveLength(2);
  });

  it('suspends longer after a rate limit, honouring Retry-After, and after a block page', async () => {
    const clock = createManualClock();
    const verticals = ['web', 'news', 'images'] as const;
    const limited = createMemoryEngine({ name: 'limited', corpus: RUST_WEB, verticals });
    const told = createMemoryEngine({ name: 'told', corpus: RUST_WEB, verticals });
    const blocked = createMemoryEngine({ name: 'blocked', corpus: RUST_WEB, verticals });
    limited.failWith(engineFailure('rate_limited'));
    told.failWith(engineFailure('rate_limited', { retryAfterSeconds: 600 }));
    blocked.failWith(engineFailure('blocked'));
    const router = createSearchRouter({
      engines: [limited, told, blocked],
      chains: { web: ['limited'], news: ['told'], images: ['blocked'] },
      clock,
    });
    for (const vertical of ['web', 'news', 'images'] as const) {
      await router.search(vertical, { q: 'x', num: 1 }).catch(() => undefined);
    }
    const until = Object.fromEntries(router.health().map((h) => [h.engine, (h.suspendedUntil?.getTime() ?? 0) - clock.now()]));
    expect(until).toEqual({ limited: 60_000, told: 600_000, blocked: 300_000 });
  });

  it('uses the breaker options it is given', async () => {
    const clock = createManualClock();
    const a = createMemoryEngine({ name: 'a', corpus: RUST_WEB });
    a.failWith(engineFailure('timeout'));
    const router = createSearchRouter({
      engines: [a],
      chains: { web: ['a'] },
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
  const corpus: MemoryCorpus = {
    web: [
      web('Error handling in Rust', 'https://doc.rust-lang.org/book/ch09.html', 'Recoverable errors with Result'),
      web('Rust error handling guide', 'https://blog.example.com/rust/errors', 'Error handling done right in Rust'),
      web('Rust handling of errors (PDF)', 'https://papers.example.org/rust-errors.pdf', 'A paper on Rust errors'),
      web('Rust jobs', 'https://jobs.example.com/rust', 'Rust jobs; error handling experience wanted'),
    ],
  };
  const titlesFor = async (q: string) => {
    const naive = createMemoryEngine({ name: 'naive', corpus, operators: [] });
    const router = createSearchRouter({ engines: [naive], chains: { web: ['naive'] }, clock: createManualClock() });
    return (await router.search('web', { q, num: 10 })).items.map((item) => item.title);
  };

  it('applies phrases', async () => {
    expect(await titlesFor('rust "error handling"')).toEqual([
      'Error handling in Rust',
      'Rust error handling guide',
      'Rust jobs',
    ]);
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

  it('leaves natively applied operators to the engine', async () => {
    const capable = createMemoryEngine({ name: 'capable', corpus });
    const router = createSearchRouter({ engines: [capable], chains: { web: ['capable'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust site:example.com', num: 10 });
    expect(outcome.items.map((item) => item.title)).toEqual(['Rust error handling guide', 'Rust jobs']);
    expect(capable.calls[0]?.query.clauses).toContainEqual({ kind: 'operator', operator: 'site', value: 'example.com', negated: false });
  });
});

describe('time windows and dates', () => {
  const clock = createManualClock();
  const ago = (ms: number) => new Date(clock.now() - ms);
  const news = (title: string, publishedAt?: Date, date?: string): EngineHit<'news'> => ({
    item: { title, link: `https://news.example.com/${encodeURIComponent(title)}`, ...(date ? { date } : {}) },
    ...(publishedAt ? { publishedAt } : {}),
  });
  const corpus: MemoryCorpus = {
    news: [
      news('tesla two days', ago(2 * DAY)),
      news('tesla half hour', ago(HOUR / 2)),
      news('tesla undated'),
      news('tesla three hours', ago(3 * HOUR)),
      news('tesla with its own date', ago(5 * HOUR), 'this morning'),
    ],
  };

  it('enforces the window on an engine that has no time filter, dropping undated results', async () => {
    const engine = createMemoryEngine({ name: 'e', corpus, recency: 'none', clock });
    const router = createSearchRouter({ engines: [engine], chains: { news: ['e'] }, clock });
    const outcome = await router.search('news', { q: 'tesla', num: 10, tbs: 'qdr:d' });
    expect(outcome.items.map((item) => item.title)).toEqual([
      'tesla half hour',
      'tesla three hours',
      'tesla with its own date',
    ]);
  });

  it('tightens the window of an engine that only knows coarser units', async () => {
    const engine = createMemoryEngine({ name: 'e', corpus, recency: ['d', 'w', 'm', 'y'], clock });
    const router = createSearchRouter({ engines: [engine], chains: { news: ['e'] }, clock });
    const outcome = await router.search('news', { q: 'tesla', num: 10, tbs: 'qdr:h' });
    expect(outcome.items.map((item) => item.title)).toEqual(['tesla half hour']);
  });

  it('sorts by date itself when the engine cannot, undated results last', async () => {
    const engine = createMemoryEngine({ name: 'e', corpus, sortsByDate: false, clock });
    const router = createSearchRouter({ engines: [engine], chains: { news: ['e'] }, clock });
    const outcome = await router.search('news', { q: 'tesla', num: 10, tbs: 'sbd:1' });
    expect(outcome.items.map((item) => item.title)).toEqual([
      'tesla half hour',
      'tesla three hours',
      'tesla with its own date',
      'tesla two days',
      'tesla undated',
    ]);
  });

  it('fills a missing relative date from the publication time and keeps the engine’s own', async () => {
    const engine = createMemoryEngine({ name: 'e', corpus, clock });
    const router = createSearchRouter({ engines: [engine], chains: { news: ['e'] }, clock });
    const dates = Object.fromEntries(
      (await router.search('news', { q: 'tesla', num: 10 })).items.map((item) => [item.title, item.date]),
    );
    expect(dates).toEqual({
      'tesla two days': '2 days ago',
      'tesla half hour': '30 mins ago',
      'tesla undated': undefined,
      'tesla three hours': '3 hours ago',
      'tesla with its own date': 'this morning',
    });
  });
});

describe('de-duplication, positions and trimming', () => {
  it('keeps the first of results with the same normalised URL and numbers the rest from 1', async () => {
    const engine = createMemoryEngine({
      name: 'e',
      corpus: {
        web: [
          web('Rust', 'https://www.rust-lang.org/'),
          web('Rust again', 'http://rust-lang.org?utm_source=feed#top'),
          web('Rust book', 'https://doc.rust-lang.org/book/'),
          web('Rust book again', 'https://doc.rust-lang.org/book'),
          web('Rust playground', 'https://play.rust-lang.org/'),
        ],
      },
    });
    const router = createSearchRouter({ engines: [engine], chains: { web: ['e'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 10 });
    expect(outcome.items).toEqual([
      { title: 'Rust', url: 'https://www.rust-lang.org/', position: 1 },
      { title: 'Rust book', url: 'https://doc.rust-lang.org/book/', position: 2 },
      { title: 'Rust playground', url: 'https://play.rust-lang.org/', position: 3 },
    ]);
  });

  it('trims to num after filtering', async () => {
    const engine = createMemoryEngine({
      name: 'e',
      corpus: { web: Array.from({ length: 30 }, (_, i) => web(`Rust ${i}`, `https://r.example/${i}`)) },
    });
    const router = createSearchRouter({ engines: [engine], chains: { web: ['e'] }, clock: createManualClock() });
    const outcome = await router.search('web', { q: 'rust', num: 7, page: 2 });
    expect(outcome.items.map((item) => [item.title, item.position])).toEqual(
      Array.from({ length: 7 }, (_, i) => [`Rust ${i + 7}`, i + 1]),
    );
  });

  it('keeps several images of one page and places without a web site apart', async () => {
    const engine = createMemoryEngine({
      name: 'e',
      corpus: {
        images: [
          { item: { title: 'Lion 1', imageUrl: 'https://img.example/l1.jpg', link: 'https://zoo.example/lions' } },
          { item: { title: 'Lion 2', imageUrl: 'https://img.example/l2.jpg', link: 'https://zoo.example/lions' } },
          { item: { title: 'Lion 1 copy', imageUrl: 'https://img.example/l1.jpg', link: 'https://other.example/' } },
        ],
        places: [
          { item: { title: 'Café Lion', address: '1 Main St' } },
          { item: { title: 'Cafe lion', address: '1 Main St.' } },
          { item: { title: 'Café Lion', address: '9 High St' } },
        ],
      },
    });
    const router = createSearchRouter({ engines: [engine], chains: { images: ['e'], places: ['e'] }, clock: createManualClock() });
    expect((await router.search('images', { q: 'lion', num: 10 })).items.map((item) => item.title)).toEqual(['Lion 1', 'Lion 2']);
    expect((await router.search('places', { q: 'lion', num: 10 })).items.map((item) => item.address)).toEqual([
      '1 Main St',
      '9 High St',
    ]);
  });

  it('cleans autocomplete suggestions: trimmed, no blanks, no repeats in another case, at most num', async () => {
    const engine = createMemoryEngine({ name: 'e', verticals: ['autocomplete'] });
    engine.respondWith(() => ({
      vertical: 'autocomplete',
      suggestions: ['apple', 'Apple ', 'apple stock', '  ', 'apple watch', 'apple music'],
    }));
    const router = createSearchRouter({ engines: [engine], chains: { autocomplete: ['e'] }, clock: createManualClock() });
    const outcome = await router.search('autocomplete', { q: 'app', num: 3 });
    expect(outcome.suggestions).toEqual(['apple', 'apple stock', 'apple watch']);
  });
});

describe('blended verticals', () => {
  const a = () =>
    createMemoryEngine({
      name: 'a',
      corpus: {
        web: [
          web('X', 'https://x.example/', 'x from a'),
          web('Y', 'https://y.example/', 'y from a'),
          web('Z', 'https://z.example/', 'z from a'),
        ],
      },
    });
  const b = () =>
    createMemoryEngine({
      name: 'b',
      corpus: { web: [web('Y from b', 'https://www.y.example'), web('W', 'https://w.example/', 'w')] },
    });

  it('asks every engine at once and merges by reciprocal rank, de-duplicated by URL', async () => {
    const router = createSearchRouter({ engines: [a(), b()], chains: { web: ['a', 'b'] }, blend: ['web'], clock: createManualClock() });
    // Y: 1/62 + 1/61 (b's copy ranks better, a fills its description), X: 1/61, W: 1/62, Z: 1/63
    const outcome = await router.search('web', { q: '', num: 10 });
    expect(outcome.engine).toBe('a+b');
    expect(outcome.items).toEqual([
      { title: 'Y from b', url: 'https://www.y.example', description: 'y from a', position: 1 },
      { title: 'X', url: 'https://x.example/', description: 'x from a', position: 2 },
      { title: 'W', url: 'https://w.example/', description: 'w', position: 3 },
      { title: 'Z', url: 'https://z.example/', description: 'z from a', position: 4 },
    ]);
  });

  it('answers with the engines that succeeded and reports the others', async () => {
    const first = a();
    first.failWith(engineFailure('upstream'));
    const router = createSearchRouter({ engines: [first, b()], chains: { web: ['a', 'b'] }, blend: ['web'], clock: createManualClock() });
    const outcome = await router.search('web', { q: '', num: 10 });
    expect(outcome.engine).toBe('b');
    expect(outcome.items.map((item) => item.title)).toEqual(['Y from b', 'W']);
    expect(outcome.attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'ok']);
  });

  it('throws AllEnginesFailedError when every blended engine fails', async () => {
    const first = a();
    const second = b();
    first.failWith(engineFailure('upstream'));
    second.failWith(() => new EngineError('b', 'unauthorized', 'key refused'));
    const router = createSearchRouter({ engines: [first, second], chains: { web: ['a', 'b'] }, blend: ['web'], clock: createManualClock() });
    await expect(router.search('web', { q: '', num: 10 })).rejects.toThrow(
      'All web search engines failed: a (upstream: simulated upstream), b (unauthorized: key refused)',
    );
  });

  it('blends suggestions too', async () => {
    const one = createMemoryEngine({ name: 'one', corpus: { autocomplete: ['apple', 'apple pie'] } });
    const two = createMemoryEngine({ name: 'two', corpus: { autocomplete: ['Apple Pie', 'apple tv'] } });
    const router = createSearchRouter({
      engines: [one, two],
      chains: { autocomplete: ['one', 'two'] },
      blend: ['autocomplete'],
      clock: createManualClock(),
    });
    const outcome = await router.search('autocomplete', { q: 'app', num: 10 });
    // "apple pie": 1/62 + 1/61, kept as spelled where it ranked best; "apple": 1/61; "apple tv": 1/62
    expect(outcome).toMatchObject({ engine: 'one+two', suggestions: ['Apple Pie', 'apple', 'apple tv'] });
  });
});

describe('engine health', () => {
  it('reports the median latency and the error rate over recent calls', async () => {
    const clock = createManualClock();
    const engine = createMemoryEngine({ name: 'e', corpus: RUST_WEB });
    const latencies = [30, 10, 20, 40];
    engine.beforeAnswer(() => clock.advance(latencies.shift() ?? 0));
    const router = createSearchRouter({ engines: [engine], chains: { web: ['e'] }, clock, healthWindow: 4 });
    for (let i = 0; i < 4; i++) await router.search('web', { q: 'rust', num: 1 });
    expect(router.health()[0]).toMatchObject({ calls: 4, errorRate: 0, p50LatencyMs: 20, p95LatencyMs: 40 });

    engine.failWith(engineFailure('upstream'));
    await router.search('web', { q: 'rust', num: 1 }).catch(() => undefined);
    expect(router.health()[0]).toMatchObject({
      calls: 4,
      errorRate: 0.25,
      status: 'suspended',
      lastError: { kind: 'upstream', message: 'simulated upstream', at: new Date(clock.now()) },
    });
  });
});

describe('configuration', () => {
  const engine = createMemoryEngine({ name: 'a', corpus: RUST_WEB });

  it.each([
    [{ engines: [engine, engine], chains: {} }, /named "a"/],
    [{ engines: [engine], chains: { web: ['nope'] } }, /unknown engine "nope"/],
    [{ engines: [engine], chains: { news: ['a'] } }, /does not serve news/],
    [{ engines: [engine], chains: { web: ['a', 'a'] } }, /names an engine twice/],
    [{ engines: [engine], chains: {}, engineTimeoutMs: 0 }, /engineTimeoutMs/],
  ])('refuses an inconsistent configuration at start (%#)', (options, message) => {
    expect(() => createSearchRouter(options)).toThrow(SearchConfigurationError);
    expect(() => createSearchRouter(options)).toThrow(message);
  });
});

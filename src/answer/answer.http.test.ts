import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAnswerHarness, type AnswerHarness } from '../../tests/support/answer-harness.js';
import { ANSWER_PAGES, COOKIE_BANNER, FOOTER, NAVIGATION } from '../../tests/support/answer-site.js';
import { watchLedger } from '../../tests/support/ledger-watch.js';
import { readSse } from '../../tests/support/sse-client.js';

let h: AnswerHarness;
beforeAll(async () => {
  h = await startAnswerHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.site.failing.clear();
  h.fake.requests.length = 0;
});

/** What the model was given: the user message of the last prompt the fake received. */
function lastPrompt(): string {
  const body = h.fake.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.map((message) => message.content).join('\n');
}

const QUESTION = 'When was the Fresnel lens first used in a lighthouse?';

interface AnswerBody {
  success: boolean;
  data: {
    answer: string;
    citations: Array<{ n: number; title: string; url: string; quote: string }>;
    sources: Array<{ n: number; url: string; title: string }>;
    warnings?: string[];
    searchParameters: Record<string, unknown>;
  };
  usage: { search: number; pages: number; chat: number; credits_used: number; credits_remaining: number };
}

describe('POST /api/v1/answer', () => {
  it('gives the model the passages that answer the question, without the pages’ navigation, cookie banner or footer', async () => {
    const { key } = await h.customer();
    h.fake.setScenario({ kind: 'ok', reply: 'The Cordouan lighthouse first used it, in 1823 [1].' });
    const res = await h.post('/api/v1/answer', key, { query: QUESTION, limit: 3 });
    expect(res.status).toBe(200);
    const prompt = lastPrompt();
    expect(prompt).toContain(ANSWER_PAGES[0]!.paragraphs[0]);
    expect(prompt).toContain(QUESTION);
    for (const furniture of [COOKIE_BANNER, FOOTER, NAVIGATION]) expect(prompt).not.toContain(furniture);
  });

  it('cites pages that were read, each quote verbatim from that page’s extracted text', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'ok', reply: 'Cordouan was the first, lit in 1823 [1]. Keepers trimmed wicks every four hours [2].' });
    const res = await h.post('/api/v1/answer', key, { query: 'Fresnel lens Cordouan 1823 and keepers trimming wicks', limit: 3 });
    const body = (await res.json()) as AnswerBody;
    expect(res.status).toBe(200);
    expect(body.data.citations.length).toBe(2);
    for (const citation of body.data.citations) {
      const source = body.data.sources.find((candidate) => candidate.n === citation.n)!;
      expect(citation.url).toBe(source.url);
      const page = ANSWER_PAGES.find((candidate) => source.url.endsWith(candidate.path))!;
      // The page's extracted text, as the scrape endpoint gives it.
      const scraped = (await (await h.post('/api/v1/scrape/', key, { url: source.url, formats: ['text'] })).json()) as { data: { text: string } };
      expect(scraped.data.text).toContain(citation.quote);
      expect(page.paragraphs.some((paragraph) => citation.quote.includes(paragraph))).toBe(true);
    }
    expect(body.data.warnings).toBeUndefined();
    // The answer's parts add up to what was charged.
    expect(body.usage.credits_used).toBe(body.usage.search + body.usage.pages + body.usage.chat);
    expect(body.usage.search).toBe(1);
    expect(body.usage.pages).toBe(2); // the two pages that mention either subject
    expect(res.headers.get('x-credits-used')).toBe(String(body.usage.credits_used));
    expect(body.usage.credits_remaining).toBe(before - body.usage.credits_used);
    await h.expectAuditClean();
  });

  it('removes a marker that names no source given, with a warning, and lists no uncited source', async () => {
    const { key } = await h.customer();
    h.fake.setScenario({ kind: 'ok', reply: 'It was first lit at Cordouan in 1823 [1][7]. Some say otherwise [9].' });
    const body = (await (await h.post('/api/v1/answer', key, { query: QUESTION, limit: 3 })).json()) as AnswerBody;
    expect(body.data.answer).toBe('It was first lit at Cordouan in 1823 [1]. Some say otherwise.');
    expect(body.data.citations.map((citation) => citation.n)).toEqual([1]);
    expect(body.data.warnings).toEqual([expect.stringContaining('[7], [9]')]);
  });

  it('charges nothing when the model fails', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    h.fake.setScenario({ kind: 'status', status: 500 });
    const res = await h.post('/api/v1/answer', key, { query: QUESTION });
    expect(res.status).toBe(502);
    expect(await h.balance(id)).toBe(before);
    await h.expectAuditClean();
  });

  it('charges nothing when the search finds nothing', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    const res = await h.post('/api/v1/answer', key, { query: 'zeppelin quasar marmalade' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toContain('found no page');
    expect(await h.balance(id)).toBe(before);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('charges nothing when every page fails, and skips a failing page with a warning otherwise', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    for (const page of ANSWER_PAGES) h.site.failing.add(page.path);
    const res = await h.post('/api/v1/answer', key, { query: QUESTION });
    expect(res.status).toBe(502);
    expect(await h.balance(id)).toBe(before);

    h.site.failing.delete(ANSWER_PAGES[0]!.path);
    h.fake.setScenario({ kind: 'ok', reply: 'Cordouan, 1823 [1].' });
    const body = (await (await h.post('/api/v1/answer', key, { query: QUESTION, use_cache: false })).json()) as AnswerBody;
    expect(body.data.sources.map((source) => source.url)).toEqual([`${h.site.url}${ANSWER_PAGES[0]!.path}`]);
    expect(body.data.warnings?.filter((warning) => warning.includes('could not be read'))).toHaveLength(2);
    await h.expectAuditClean();
  });

  it('streams the sources before the first answer token, then the checked answer with its usage', async () => {
    const { id, key } = await h.customer();
    h.fake.setScenario({ kind: 'ok', reply: 'Cordouan was first, in 1823 [1][5].', chunkDelayMs: 5 });
    const res = await h.post('/api/v1/answer', key, { query: QUESTION, limit: 3, stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await readSse(res)).map((data) => JSON.parse(data) as { type: string } & Record<string, unknown>);
    expect(events[0]!.type).toBe('sources');
    expect((events[0]!.sources as unknown[]).length).toBeGreaterThan(0);
    const tokens = events.filter((event) => event.type === 'token');
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.map((event) => event.text).join('')).toBe('Cordouan was first, in 1823 [1][5].');
    const done = events.at(-1) as unknown as { type: string } & AnswerBody;
    expect(done.type).toBe('done');
    expect(done.data.answer).toBe('Cordouan was first, in 1823 [1].');
    expect(done.data.warnings).toEqual([expect.stringContaining('[5]')]);
    expect(done.usage.credits_used).toBe(done.usage.search + done.usage.pages + done.usage.chat);
    expect(await h.balance(id)).toBe(done.usage.credits_remaining);
    await h.expectAuditClean();
  });

  it('stops the model when the reader of a stream leaves, charges what was read and produced, and leaves no hold open', async () => {
    const { id, key } = await h.customer();
    const ledger = await watchLedger(h.t.quarry.db, id);
    h.fake.setScenario({ kind: 'ok', reply: 'word '.repeat(200), chunkDelayMs: 20 });
    const leaving = new AbortController();
    const res = await fetch(`${h.baseUrl}/api/v1/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ query: QUESTION, limit: 3, stream: true }),
      signal: leaving.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('"type":"token"')) seen += new TextDecoder().decode((await reader.read()).value);
    leaving.abort();
    await expect.poll(() => ledger.openHolds(), { timeout: 5000 }).toBe(0);
    expect(h.fake.requests.at(-1)!.aborted).toBe(true);
    const charges = (await ledger.next()).filter((entry) => entry.kind === 'charge');
    expect(charges.length).toBeGreaterThan(0);
    await h.expectAuditClean();
  });

  it('refuses bad bodies with a 400 naming the field, before anything is held', async () => {
    const { id, key } = await h.customer();
    const before = await h.balance(id);
    for (const [body, field] of [
      [{}, 'query'],
      [{ query: 'x', limit: 11 }, 'limit'],
      [{ query: 'x', limit: 0 }, 'limit'],
      [{ query: 'x', sources: ['images'] }, 'sources'],
      [{ query: 'x', max_tokens: 0 }, 'max_tokens'],
      [{ query: 'x', tbs: 'qdr:zz' }, 'tbs'],
    ] as const) {
      const res = await h.post('/api/v1/answer', key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()) as object)).toContain(field);
    }
    expect(await h.balance(id)).toBe(before);
  });
});

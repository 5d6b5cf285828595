import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRequest, startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import { EngineError, type EngineResult } from '../engine.js';
import { braveCountry, braveLanguage, createBraveEngine } from './brave.js';
import { quarryUserAgent } from './upstream-options.js';

let fake: FakeSearchUpstreams;
const signal = new AbortController().signal;
const userAgent = quarryUserAgent();
const NOW = Date.UTC(2026, 10, 22, 12);

beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
});
afterAll(async () => {
  await fake.close();
});

const engine = (apiKey = 'brave-key') =>
  createBraveEngine({ baseUrl: fake.baseUrl('brave'), apiKey, userAgent, rate: { limit: 100, periodSeconds: 1 }, now: () => NOW });

function hitsOf(result: EngineResult) {
  if (result.vertical === 'autocomplete') throw new Error('expected items');
  return result.hits;
}

describe('brave engine', () => {
  it('needs BRAVE_API_KEY to be configured', () => {
    expect(createBraveEngine({ userAgent }).configured).toBe(false);
    expect(engine().configured).toBe(true);
  });

  it('maps web results, strips highlight tags and keeps page_age as the publication date', async () => {
    const [first] = hitsOf(await engine().search(engineRequest('web', 'brave'), signal));
    expect(first?.item).toEqual({ title: 'Brave web 1', url: 'https://brave.example.com/web/1', description: 'The description of 1.' });
    expect(first?.publishedAt?.toISOString()).toBe('2026-11-20T12:00:00.000Z');
    const sent = fake.requestsTo('brave').at(-1);
    expect(sent?.headers['x-subscription-token']).toBe('brave-key');
    expect(sent?.query.get('count')).toBe('10');
    expect(sent?.query.get('offset')).toBe('0');
    expect(sent?.query.get('country')).toBe('US');
  });

  it('fills num above 20 by paging with count and offset', async () => {
    const before = fake.requestsTo('brave').length;
    const hits = hitsOf(await engine().search(engineRequest('web', 'brave', { num: 50 }), signal));
    expect(hits).toHaveLength(50);
    expect(hits[49]?.item.title).toBe('Brave web 50');
    const sent = fake.requestsTo('brave').slice(before);
    expect(sent.map((r) => [r.query.get('count'), r.query.get('offset')])).toEqual([
      ['20', '0'],
      ['20', '1'],
      ['20', '2'],
    ]);
  });

  it('asks for page 3 of 10 as offset 2', async () => {
    const hits = hitsOf(await engine().search(engineRequest('web', 'brave', { page: 3 }), signal));
    expect(hits[0]?.item.title).toBe('Brave web 21');
    expect(fake.requestsTo('brave').at(-1)?.query.get('offset')).toBe('2');
  });

  it('maps tbs to freshness: named windows, and day ranges for the others', async () => {
    await engine().search(engineRequest('news', 'x', { tbs: 'qdr:w' }), signal);
    expect(fake.requestsTo('brave').at(-1)?.query.get('freshness')).toBe('pw');
    await engine().search(engineRequest('news', 'x', { tbs: 'qdr:d3', now: new Date(NOW) }), signal);
    expect(fake.requestsTo('brave').at(-1)?.query.get('freshness')).toBe('2026-11-19to2026-11-22');
  });

  it('sends the operators Brave documents and drops the others for the router to filter', async () => {
    await engine().search(engineRequest('web', '"exact words" site:example.com inurl:docs -spam'), signal);
    expect(fake.requestsTo('brave').at(-1)?.query.get('q')).toBe('"exact words" site:example.com -spam');
  });

  it('maps news, images and videos', async () => {
    const [news] = hitsOf(await engine().search(engineRequest('news', 'x'), signal));
    expect(news?.item).toEqual({
      title: 'Brave news 1',
      link: 'https://brave.example.com/news/1',
      snippet: 'News story 1',
      publisher: 'brave.example.com',
      imageUrl: 'https://imgs.search.brave.com/n1',
    });
    const images = hitsOf(await engine().search(engineRequest('images', 'x', { num: 5, page: 2 }), signal));
    expect(images.map((hit) => hit.item.title)).toEqual(['Brave image 6', 'Brave image 7', 'Brave image 8', 'Brave image 9', 'Brave image 10']);
    expect(images[0]?.item).toMatchObject({ imageUrl: 'https://brave.example.com/i6.jpg', imageWidth: 800, imageHeight: 600, source: 'brave.example.com' });
    expect(fake.requestsTo('brave').at(-1)?.query.get('offset')).toBeNull();
    const [video] = hitsOf(await engine().search(engineRequest('videos', 'x'), signal));
    expect(video?.item).toMatchObject({ duration: '22:44', channel: 'Example Creator', imageUrl: 'https://imgs.search.brave.com/v1' });
  });

  it('returns an empty list when nothing matched', async () => {
    expect(hitsOf(await engine().search(engineRequest('web', 'nothing'), signal))).toEqual([]);
  });

  it('reports a refused token and reads the wait of an exhausted monthly quota', async () => {
    await expect(engine('wrong').search(engineRequest('web', 'x'), signal)).rejects.toMatchObject({ kind: 'unauthorized' });
    fake.fail('brave', { status: 429, headers: { 'x-ratelimit-limit': '1, 2000', 'x-ratelimit-remaining': '1, 0', 'x-ratelimit-reset': '1, 86400' } });
    const failure = await engine()
      .search(engineRequest('web', 'x'), signal)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 86400 });
  });

  it('maps country and language to the values Brave accepts', () => {
    expect(braveCountry('gb')).toBe('GB');
    expect(braveCountry('uk')).toBe('GB');
    expect(braveCountry('zw')).toBe('ALL');
    expect(braveLanguage('ja')).toBe('jp');
    expect(braveLanguage('pt-BR')).toBe('pt-br');
    expect(braveLanguage('de-AT')).toBe('de');
    expect(braveLanguage('xx')).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRequest, startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import { EngineError, type EngineResult } from '../engine.js';
import { createSearxngEngine, JSON_DISABLED_MESSAGE } from './searxng.js';
import { quarryUserAgent } from './upstream-options.js';

let fake: FakeSearchUpstreams;
let jsonOff: FakeSearchUpstreams;
const signal = new AbortController().signal;
const userAgent = quarryUserAgent('ops@example.com');

beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
  jsonOff = await startFakeSearchUpstreams({ searxngJson: false });
});
afterAll(async () => {
  await fake.close();
  await jsonOff.close();
});

const engine = () => createSearxngEngine({ baseUrl: fake.baseUrl('searxng'), userAgent, rate: { limit: 100, periodSeconds: 1 } });

function hitsOf(result: EngineResult) {
  if (result.vertical === 'autocomplete') throw new Error('expected items');
  return result.hits;
}

describe('searxng engine', () => {
  it('is unconfigured without SEARXNG_URL and configured with it', () => {
    expect(createSearxngEngine({ userAgent }).configured).toBe(false);
    expect(engine().configured).toBe(true);
  });

  it('maps general results to web items with their publication date', async () => {
    const result = await engine().search(engineRequest('web', 'searxng docs'), signal);
    const hits = hitsOf(result);
    expect(result.vertical).toBe('web');
    expect(hits).toHaveLength(10);
    expect(hits[0]?.item).toEqual({ title: 'SearXNG general result 1', url: 'https://example.org/general/1', description: 'Snippet of result 1 in general.' });
    expect(hits[0]?.publishedAt?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    const sent = fake.requestsTo('searxng').at(-1);
    expect(sent?.query.get('format')).toBe('json');
    expect(sent?.query.get('categories')).toBe('general');
    expect(sent?.headers['user-agent']).toBe('Quarry/1.0 (self-hosted web-data gateway; contact: ops@example.com)');
  });

  it('sends the category, language and the smallest time range covering tbs', async () => {
    await engine().search(engineRequest('news', 'election', { lang: 'de', tbs: 'qdr:d3' }), signal);
    const sent = fake.requestsTo('searxng').at(-1);
    expect(sent?.query.get('categories')).toBe('news');
    expect(sent?.query.get('language')).toBe('de');
    expect(sent?.query.get('time_range')).toBe('week');
  });

  it('sends the full query syntax for web but plain words for science', async () => {
    await engine().search(engineRequest('web', '"exact words" site:example.org -spam'), signal);
    expect(fake.requestsTo('searxng').at(-1)?.query.get('q')).toBe('"exact words" site:example.org -spam');
    await engine().search(engineRequest('scholar', '"exact words" site:example.org -spam'), signal);
    expect(fake.requestsTo('searxng').at(-1)?.query.get('q')).toBe('exact words');
  });

  it('fills num and later pages by fetching several upstream pages', async () => {
    const before = fake.requestsTo('searxng').length;
    const hits = hitsOf(await engine().search(engineRequest('web', 'many results', { num: 15, page: 2 }), signal));
    expect(hits.map((hit) => hit.item.title)).toEqual(Array.from({ length: 15 }, (_, i) => `SearXNG general result ${i + 16}`));
    expect(
      fake
        .requestsTo('searxng')
        .slice(before)
        .map((r) => r.query.get('pageno')),
    ).toEqual(['1', '2', '3']);
  });

  it('maps images, videos, science and map results to their verticals', async () => {
    const [image] = hitsOf(await engine().search(engineRequest('images', 'tower'), signal));
    expect(image?.item).toEqual({
      title: 'SearXNG images result 1',
      imageUrl: 'https://img.example.org/1.jpg',
      imageWidth: 1920,
      imageHeight: 1080,
      thumbnailUrl: 'https://img.example.org/t/1.jpg',
      link: 'https://example.org/images/1',
      source: 'example.org',
    });
    const [video] = hitsOf(await engine().search(engineRequest('videos', 'tower'), signal));
    expect(video?.item).toMatchObject({ duration: '12:34', channel: 'Example Channel', imageUrl: 'https://img.example.org/v/1.jpg' });
    const [paper] = hitsOf(await engine().search(engineRequest('scholar', 'tower'), signal));
    expect(paper?.item).toMatchObject({
      authors: 'Ada Lovelace, Alan Turing',
      publication: 'Journal of Examples',
      year: 2026,
      pdfUrl: 'https://example.org/science/1.pdf',
    });
    const [place] = hitsOf(await engine().search(engineRequest('places', 'tower'), signal));
    expect(place?.item).toEqual({
      title: 'SearXNG map result 1',
      address: '5 Avenue Anatole France, 75007 Paris, France',
      latitude: 48.8582,
      longitude: 2.2945,
    });
  });

  it('answers autocomplete from /autocompleter', async () => {
    const result = await engine().search(engineRequest('autocomplete', 'searxng', { num: 2 }), signal);
    expect(result).toEqual({ vertical: 'autocomplete', suggestions: ['searxng docker', 'searxng api'] });
  });

  it('returns an empty list when nothing matched', async () => {
    expect(hitsOf(await engine().search(engineRequest('web', 'nothing here'), signal))).toEqual([]);
  });

  it('reports a failure, not an empty list, when every engine behind it failed', async () => {
    const failure = await engine()
      .search(engineRequest('web', 'allfail'), signal)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ kind: 'blocked', message: expect.stringContaining('google: CAPTCHA') });
  });

  it('says exactly that JSON output is disabled when the instance answers 403', async () => {
    const off = createSearxngEngine({ baseUrl: jsonOff.baseUrl('searxng'), userAgent });
    const failure = await off.search(engineRequest('web', 'anything'), signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ kind: 'unauthorized', message: JSON_DISABLED_MESSAGE });
    expect(JSON_DISABLED_MESSAGE).toContain('search.formats');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_PAGE, engineRequest, startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import { EngineError, type EngineResult } from '../engine.js';
import { parseQuery } from '../query.js';
import { createDuckDuckGoEngine, duckduckgoRegion, parseResultsPage, resultTarget } from './duckduckgo.js';
import { createGdeltEngine, parseSeenDate } from './gdelt.js';
import { createNominatimEngine } from './nominatim.js';
import { createOpenverseEngine, licenceName } from './openverse.js';
import { createPatentsViewEngine, patentQuery } from './patentsview.js';
import { createPhotonEngine } from './photon.js';
import { quarryUserAgent } from './upstream-options.js';
import { createWikimediaEngine } from './wikimedia.js';
import { createWikipediaEngine, wikipediaBase } from './wikipedia.js';

let fake: FakeSearchUpstreams;
const signal = new AbortController().signal;
const userAgent = quarryUserAgent('ops@example.com');
const rate = { limit: 100, periodSeconds: 1 };
const NOW = Date.UTC(2026, 10, 22, 12);

beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
});
afterAll(async () => {
  await fake.close();
});

function hitsOf(result: EngineResult) {
  if (result.vertical === 'autocomplete') throw new Error('expected items');
  return result.hits;
}

describe('photon engine', () => {
  const engine = () => createPhotonEngine({ baseUrl: fake.baseUrl('photon'), userAgent, rate });

  it('maps GeoJSON features to places, narrowing the query by location', async () => {
    const [city, shop] = hitsOf(await engine().search(engineRequest('places', 'imbiss', { location: 'Berlin,Germany', lang: 'de' }), signal));
    expect(city?.item).toEqual({ title: 'Berlin', address: 'Berlin, Germany', latitude: 52.5170365, longitude: 13.3888599, category: 'City' });
    expect(shop?.item).toEqual({ title: 'Imbiss 2', address: '2 Torstraße, 10119 Berlin, Germany', latitude: 52.5, longitude: 13.41, category: 'Fast food' });
    const sent = fake.requestsTo('photon').at(-1);
    expect(sent?.query.get('q')).toBe('imbiss, Berlin,Germany');
    expect(sent?.query.get('lang')).toBe('de');
  });

  it('cuts later pages from one answer', async () => {
    const hits = hitsOf(await engine().search(engineRequest('places', 'imbiss', { num: 5, page: 2 }), signal));
    expect(hits.map((hit) => hit.item.title)).toEqual(['Imbiss 6', 'Imbiss 7', 'Imbiss 8', 'Imbiss 9', 'Imbiss 10']);
    expect(fake.requestsTo('photon').at(-1)?.query.get('limit')).toBe('10');
  });

  it('suggests place names for autocomplete', async () => {
    const result = await engine().search(engineRequest('autocomplete', 'ber', { num: 2 }), signal);
    expect(result).toEqual({ vertical: 'autocomplete', suggestions: ['Berlin, Germany', 'Imbiss 2, Berlin, Germany'] });
  });
});

describe('nominatim engine', () => {
  it('maps jsonv2 places and serves a repeated search from its cache', async () => {
    const engine = createNominatimEngine({ baseUrl: fake.baseUrl('nominatim'), userAgent, rate });
    const before = fake.requestsTo('nominatim').length;
    const [london] = hitsOf(await engine.search(engineRequest('places', 'london', { lang: 'en' }), signal));
    expect(london?.item).toEqual({
      title: 'London',
      address: 'London, Greater London, England, United Kingdom',
      latitude: 51.5073219,
      longitude: -0.1276474,
      category: 'City',
    });
    const sent = fake.requestsTo('nominatim').at(-1);
    expect([sent?.query.get('format'), sent?.query.get('accept-language'), sent?.headers['user-agent']]).toEqual(['jsonv2', 'en', userAgent]);
    await engine.search(engineRequest('places', 'london', { lang: 'en' }), signal);
    expect(fake.requestsTo('nominatim').length - before).toBe(1);
  });

  it('asks again once caching is off', async () => {
    const engine = createNominatimEngine({ baseUrl: fake.baseUrl('nominatim'), userAgent, rate, cacheTtlSeconds: 0 });
    const before = fake.requestsTo('nominatim').length;
    await engine.search(engineRequest('places', 'cafe'), signal);
    await engine.search(engineRequest('places', 'cafe'), signal);
    expect(fake.requestsTo('nominatim').length - before).toBe(2);
  });
});

describe('wikimedia commons engine', () => {
  const engine = () => createWikimediaEngine({ baseUrl: fake.baseUrl('wikimedia'), userAgent, rate });

  it('maps files to images in rank order and keeps their licence', async () => {
    const hits = hitsOf(await engine().search(engineRequest('images', 'eiffel tower', { num: 3 }), signal));
    expect(hits[0]?.item).toEqual({
      title: 'Eiffel Tower from Champ de Mars',
      imageUrl: 'https://upload.wikimedia.org/wikipedia/commons/1.jpg',
      imageWidth: 2000,
      imageHeight: 3000,
      thumbnailUrl: 'https://upload.wikimedia.org/thumb/1/320px.jpg',
      link: 'https://commons.wikimedia.org/wiki/File:Image_1.jpg',
      source: 'Wikimedia Commons',
      licence: 'CC BY-SA 4.0',
    });
    expect(hits.map((hit) => hit.item.title)).toEqual(['Eiffel Tower from Champ de Mars', 'Commons image 2', 'Commons image 3']);
    const sent = fake.requestsTo('wikimedia').at(-1);
    expect(sent?.query.get('gsrsearch')).toBe('filetype:bitmap|drawing eiffel tower');
    expect(sent?.query.get('iiprop')).toBe('url|size|extmetadata');
  });

  it('pages with gsroffset and reports an API error as a failure', async () => {
    const hits = hitsOf(await engine().search(engineRequest('images', 'tower', { num: 10, page: 2 }), signal));
    expect(hits[0]?.item.title).toBe('Commons image 11');
    expect(fake.requestsTo('wikimedia').at(-1)?.query.get('gsroffset')).toBe('10');
    fake.fail('wikimedia', { status: 200, body: '{"error":{"code":"ratelimited","info":"You\'ve exceeded your rate limit."}}' });
    await expect(engine().search(engineRequest('images', 'tower'), signal)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(hitsOf(await engine().search(engineRequest('images', 'nothing'), signal))).toEqual([]);
  });
});

describe('openverse engine', () => {
  const engine = () => createOpenverseEngine({ baseUrl: fake.baseUrl('openverse'), userAgent, rate });

  it('maps images with a readable licence and pages of at most 20', async () => {
    const first = hitsOf(await engine().search(engineRequest('images', 'tower bridge'), signal))[0];
    expect(first?.item).toEqual({
      title: 'Tower Bridge at dusk',
      imageUrl: 'https://live.staticflickr.com/65535/10000.jpg',
      imageWidth: 1024,
      imageHeight: 768,
      thumbnailUrl: 'https://api.openverse.org/v1/images/4bc43a04-ef46-4544-a0c1-63c63f56e100/thumb/',
      link: 'https://www.flickr.com/photos/example/10000',
      source: 'flickr',
      licence: 'CC BY-SA 2.0',
    });
    const before = fake.requestsTo('openverse').length;
    const hits = hitsOf(await engine().search(engineRequest('images', 'bridge', { num: 30 }), signal));
    expect(hits).toHaveLength(30);
    expect(
      fake
        .requestsTo('openverse')
        .slice(before)
        .map((r) => [r.query.get('page'), r.query.get('page_size')]),
    ).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });

  it('names licences as Creative Commons writes them', () => {
    expect(licenceName('by-nc-sa', '4.0')).toBe('CC BY-NC-SA 4.0');
    expect(licenceName('cc0', '1.0')).toBe('CC0 1.0');
    expect(licenceName('pdm', '1.0')).toBe('Public Domain Mark 1.0');
  });
});

describe('gdelt engine', () => {
  const engine = () => createGdeltEngine({ baseUrl: fake.baseUrl('gdelt'), userAgent, rate, now: () => NOW });

  it('maps articles to news with their seen date, and sends exact time windows', async () => {
    const [first] = hitsOf(await engine().search(engineRequest('news', 'central bank rates', { tbs: 'qdr:h6', now: new Date(NOW) }), signal));
    expect(first?.item).toEqual({
      title: 'Central bank holds rates steady',
      link: 'https://news.example.com/story-1',
      publisher: 'news.example.com',
      imageUrl: 'https://news.example.com/img/1.jpg',
    });
    expect(first?.publishedAt?.toISOString()).toBe('2026-11-20T03:15:00.000Z');
    const sent = fake.requestsTo('gdelt').at(-1);
    expect([sent?.query.get('mode'), sent?.query.get('format'), sent?.query.get('startdatetime')]).toEqual(['artlist', 'json', '20261122060000']);
  });

  it('leaves out a start older than its three-month coverage', async () => {
    await engine().search(engineRequest('news', 'central bank', { tbs: 'qdr:y', now: new Date(NOW) }), signal);
    expect(fake.requestsTo('gdelt').at(-1)?.query.get('startdatetime')).toBeNull();
  });

  it('treats {} as no results and a plain-text refusal as a failure', async () => {
    expect(hitsOf(await engine().search(engineRequest('news', 'nothing here'), signal))).toEqual([]);
    await expect(engine().search(engineRequest('news', 'ab'), signal)).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('too short'),
    });
    fake.fail('gdelt', { status: 200, contentType: 'text/plain', body: 'Please limit requests to one every 5 seconds or contact us for larger queries.' });
    await expect(engine().search(engineRequest('news', 'central bank'), signal)).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('reads seen dates', () => {
    expect(parseSeenDate('20230918T031500Z')?.toISOString()).toBe('2023-09-18T03:15:00.000Z');
    expect(parseSeenDate('yesterday')).toBeUndefined();
  });
});

describe('patentsview engine', () => {
  const engine = (apiKey = 'patentsview-key') => createPatentsViewEngine({ baseUrl: fake.baseUrl('patentsview'), userAgent, rate, apiKey });

  it('needs PATENTSVIEW_API_KEY to be configured', () => {
    expect(createPatentsViewEngine({ baseUrl: fake.baseUrl('patentsview'), userAgent }).configured).toBe(false);
    expect(engine().configured).toBe(true);
  });

  it('maps patents: number, Google Patents link, inventors, assignee, filing and grant dates', async () => {
    const [first] = hitsOf(await engine().search(engineRequest('patents', 'coherent ladar'), signal));
    expect(first?.item).toEqual({
      title: 'Coherent LADAR using intra-pixel quadrature detection',
      patentNumber: 'US10000000',
      link: 'https://patents.google.com/patent/US10000000',
      snippet:
        'A frequency modulated (coherent) laser detection and ranging system includes a read-out integrated circuit formed with a two-dimensional array of detector elements.',
      inventors: 'Joseph Marron',
      assignee: 'Raytheon Company',
      filingDate: '2015-03-10',
      grantDate: '2018-06-19',
    });
    const sent = fake.requestsTo('patentsview').at(-1);
    expect(sent?.headers['x-api-key']).toBe('patentsview-key');
    expect(JSON.parse(sent?.query.get('q') ?? '')).toEqual({
      _or: [{ _text_all: { patent_title: 'coherent ladar' } }, { _text_all: { patent_abstract: 'coherent ladar' } }],
    });
  });

  it('looks patent numbers up directly and adds date bounds', () => {
    expect(patentQuery(parseQuery('US10000000'), { sortByDate: false })).toEqual({ patent_id: '10000000' });
    expect(patentQuery(parseQuery('"laser ranging"'), { since: new Date(Date.UTC(2020, 0, 2)), sortByDate: false })).toEqual({
      _and: [
        { _or: [{ _text_phrase: { patent_title: 'laser ranging' } }, { _text_phrase: { patent_abstract: 'laser ranging' } }] },
        { _gte: { patent_date: '2020-01-02' } },
      ],
    });
  });

  it('reports a refused key', async () => {
    await expect(engine('wrong').search(engineRequest('patents', 'x'), signal)).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('duckduckgo engine', () => {
  const engine = () =>
    createDuckDuckGoEngine({ baseUrl: fake.baseUrl('duckduckgo'), autocompleteUrl: fake.baseUrl('duckduckgo-ac'), userAgent, rate, now: () => NOW });

  it('posts the query form and maps results, skipping ads and unwrapping redirect links', async () => {
    const hits = hitsOf(
      await engine().search(engineRequest('web', 'privacy site:ddg.example.com', { country: 'de', lang: 'de', tbs: 'qdr:w', now: new Date(NOW) }), signal),
    );
    expect(hits).toHaveLength(10);
    expect(hits[0]?.item).toEqual({ title: 'DuckDuckGo result 1', url: 'https://ddg.example.com/page/1', description: 'Snippet of result 1' });
    const form = new URLSearchParams(fake.requestsTo('duckduckgo').at(-1)?.body);
    expect([form.get('q'), form.get('kl'), form.get('df')]).toEqual(['privacy site:ddg.example.com', 'de-de', 'w']);
  });

  it('follows the Next form (with its vqd) to fill num and later pages', async () => {
    const before = fake.requestsTo('duckduckgo').length;
    const hits = hitsOf(await engine().search(engineRequest('web', 'privacy', { num: 15, page: 2 }), signal));
    expect(hits.map((hit) => hit.item.title)).toEqual(Array.from({ length: 15 }, (_, i) => `DuckDuckGo result ${i + 16}`));
    const forms = fake
      .requestsTo('duckduckgo')
      .slice(before)
      .map((r) => new URLSearchParams(r.body));
    expect(forms.map((f) => f.get('s'))).toEqual([null, '10', '20']);
    expect(forms[1]?.get('vqd')).toBe('4-fake-vqd');
  });

  it('tells no results from a CAPTCHA and from an unknown layout', async () => {
    expect(hitsOf(await engine().search(engineRequest('web', 'nothing'), signal))).toEqual([]);
    fake.fail('duckduckgo', { status: 200, contentType: 'text/html', body: CAPTCHA_PAGE });
    await expect(engine().search(engineRequest('web', 'privacy'), signal)).rejects.toMatchObject({ kind: 'blocked' });
    await expect(engine().search(engineRequest('web', 'layoutchange'), signal)).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('answers autocomplete from the ac endpoint', async () => {
    expect(await engine().search(engineRequest('autocomplete', 'duck', { num: 2 }), signal)).toEqual({
      vertical: 'autocomplete',
      suggestions: ['duck browser', 'duck app'],
    });
  });

  it('unwraps links and builds region codes', async () => {
    expect(resultTarget('//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&rut=x')).toBe('https://example.com/a?b=1');
    expect(resultTarget('https://duckduckgo.com/y.js?ad_domain=x')).toBeUndefined();
    expect(resultTarget('https://example.org/')).toBe('https://example.org/');
    expect(duckduckgoRegion('gb', undefined)).toBe('uk-en');
    expect((await parseResultsPage('<div class="no-results">No results.</div>')).hits).toEqual([]);
  });
});

describe('wikipedia engine', () => {
  it('suggests article titles from the edition of the request language', async () => {
    const engine = createWikipediaEngine({ baseUrl: `${fake.baseUrl('wikipedia')}/{lang}`, userAgent, rate });
    expect(await engine.search(engineRequest('autocomplete', 'Quantum', { lang: 'de-AT', num: 2 }), signal)).toEqual({
      vertical: 'autocomplete',
      suggestions: ['Quantum (de)', 'Quantum theory'],
    });
    expect(fake.requestsTo('wikipedia').at(-1)?.path).toBe('/de/w/api.php');
    expect(wikipediaBase('https://{lang}.wikipedia.org', 'x-evil.com/')).toBe('https://en.wikipedia.org');
  });

  it('reports a non-OpenSearch answer as a bad response', async () => {
    const engine = createWikipediaEngine({ baseUrl: `${fake.baseUrl('wikipedia')}/{lang}`, userAgent, rate });
    fake.fail('wikipedia', { status: 200, body: '{"error":{"code":"internal"}}' });
    const failure = await engine.search(engineRequest('autocomplete', 'x'), signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ kind: 'bad_response' });
  });
});

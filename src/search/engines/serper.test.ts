import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRequest, startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import { EngineError, type EngineResult } from '../engine.js';
import { createSerperEngine, splitPublicationInfo } from './serper.js';
import { quarryUserAgent } from './upstream-options.js';

let fake: FakeSearchUpstreams;
const signal = new AbortController().signal;
const userAgent = quarryUserAgent();

beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
});
afterAll(async () => {
  await fake.close();
});

const engine = (apiKey = 'serper-key') => createSerperEngine({ baseUrl: fake.baseUrl('serper'), apiKey, userAgent, rate: { limit: 100, periodSeconds: 1 } });

function hitsOf(result: EngineResult) {
  if (result.vertical === 'autocomplete') throw new Error('expected items');
  return result.hits.map((hit) => hit.item);
}

function lastBody(): Record<string, unknown> {
  return JSON.parse(fake.requestsTo('serper').at(-1)?.body ?? '{}') as Record<string, unknown>;
}

describe('serper engine', () => {
  it('needs SERPER_API_KEY to be configured', () => {
    expect(createSerperEngine({ userAgent }).configured).toBe(false);
    expect(engine().configured).toBe(true);
  });

  it('sends the query with its operators, gl, hl, num, page, location, tbs and autocorrect', async () => {
    await engine().search(
      engineRequest('web', 'apple site:apple.com -pie', { num: 20, page: 2, country: 'de', lang: 'de', location: 'Berlin,Germany', tbs: 'qdr:d3,sbd:1' }),
      signal,
    );
    const sent = fake.requestsTo('serper').at(-1);
    expect(sent?.path).toBe('/search');
    expect(sent?.headers['x-api-key']).toBe('serper-key');
    expect(lastBody()).toEqual({
      q: 'apple site:apple.com -pie',
      gl: 'de',
      hl: 'de',
      num: 20,
      page: 2,
      location: 'Berlin,Germany',
      tbs: 'qdr:d3,sbd:1',
      autocorrect: true,
    });
  });

  it('maps organic results to web items', async () => {
    const [first, second] = hitsOf(await engine().search(engineRequest('web', 'Apple Inc.'), signal));
    expect(first).toEqual({ title: 'Apple', url: 'https://www.apple.com/', description: 'Discover the innovative world of Apple ...' });
    expect(second).toMatchObject({ date: '3 days ago' });
  });

  it('maps news source to publisher, places ratingCount and phoneNumber to reviews and phone', async () => {
    const [news] = hitsOf(await engine().search(engineRequest('news', 'Tesla Inc.'), signal));
    expect(news).toEqual({
      title: 'ISS recommends Tesla investors vote against re-election of Robyn Denholm',
      link: 'https://www.reuters.com/business/autos-transportation/iss-recommends-2023-05-04/',
      snippet: 'Proxy advisory firm ISS on Wednesday recommended Tesla investors vote against...',
      publisher: 'Reuters',
      date: '5 mins ago',
      imageUrl: 'https://encrypted-tbn0.gstatic.com/images?q=tbn:1',
    });
    const [place] = hitsOf(await engine().search(engineRequest('places', 'Italian restaurants in Upper East Side'), signal));
    expect(place).toEqual({
      title: "L'Osteria",
      address: '1219 Lexington Ave',
      latitude: 40.777154599999996,
      longitude: -73.9571363,
      rating: 4.7,
      reviews: 91,
      phone: '(212) 555-0100',
      category: 'Italian',
      website: 'https://losteria.example/',
    });
  });

  it('maps scholar organic results: publicationInfo to authors and publication, citedBy to citations', async () => {
    const [paper, other] = hitsOf(await engine().search(engineRequest('scholar', 'attention is all you need'), signal));
    expect(paper).toEqual({
      title: 'Attention is all you need',
      link: 'https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html',
      snippet: 'The dominant sequence transduction models ...',
      authors: 'A Vaswani, N Shazeer, N Parmar…',
      publication: 'Advances in neural information processing systems',
      year: 2017,
      citations: 119097,
      pdfUrl: 'https://proceedings.neurips.cc/paper/2017/file/3f5ee243547dee91fbd053c1c4a845aa-Paper.pdf',
    });
    expect(other).toMatchObject({ citations: 2 });
    expect(fake.requestsTo('serper').at(-1)?.path).toBe('/scholar');
  });

  it('narrows scholar searches by year as Google Scholar does', async () => {
    await engine().search(engineRequest('scholar', 'transformers', { tbs: 'cdr:1,cd_min:1/1/2019,cd_max:12/31/2021' }), signal);
    expect(lastBody()).toMatchObject({ as_ylo: 2019, as_yhi: 2021 });
  });

  it('maps patents organic results', async () => {
    const [patent] = hitsOf(await engine().search(engineRequest('patents', 'widget'), signal));
    expect(patent).toEqual({
      title: 'Patent 1',
      patentNumber: 'US9876541B2',
      link: 'https://patents.google.com/patent/US9876541B2/en',
      snippet: 'A device 1',
      inventors: 'Jane Doe',
      assignee: 'Example Corp',
      filingDate: '2016-02-03',
      grantDate: '2018-01-23',
      pdfUrl: 'https://patentimages.example/US9876541.pdf',
    });
  });

  it('maps images, videos and shopping', async () => {
    const [image] = hitsOf(await engine().search(engineRequest('images', 'Lion'), signal));
    expect(image).toMatchObject({ imageWidth: 1200, imageHeight: 900, source: 'Wikipedia', link: 'https://en.wikipedia.org/wiki/Lion' });
    const [video] = hitsOf(await engine().search(engineRequest('videos', 'lion'), signal));
    expect(video).toMatchObject({ duration: '3:45', uploaded: '2 weeks ago', channel: 'Example Channel' });
    const [offer] = hitsOf(await engine().search(engineRequest('shopping', 'lion plush'), signal));
    expect(offer).toMatchObject({ price: '$9.99', source: 'Example Store', rating: 4.5, reviews: 120 });
  });

  it('answers autocomplete with the suggestion values', async () => {
    expect(await engine().search(engineRequest('autocomplete', 'apple'), signal)).toEqual({
      vertical: 'autocomplete',
      suggestions: ['apple stock', 'apple store', 'apple id'],
    });
  });

  it('returns an empty list when Google found nothing (the array is left out)', async () => {
    expect(hitsOf(await engine().search(engineRequest('news', 'nothing at all'), signal))).toEqual([]);
  });

  it('reports a refused key as unauthorized and an exhausted balance as rate limited', async () => {
    const refused = await engine('wrong')
      .search(engineRequest('web', 'x'), signal)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EngineError);
    expect(refused).toMatchObject({ kind: 'unauthorized', message: expect.stringContaining('Unauthorized.') });
    fake.fail('serper', { status: 400, body: '{"message":"Not enough credits","statusCode":400}' });
    await expect(engine().search(engineRequest('web', 'x'), signal)).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('splits publication info without inventing parts', () => {
    expect(splitPublicationInfo('J Smith - Nature, 2020 - nature.com')).toEqual({ authors: 'J Smith', publication: 'Nature' });
    expect(splitPublicationInfo('J Smith')).toEqual({ authors: 'J Smith' });
    expect(splitPublicationInfo(undefined)).toEqual({});
  });
});

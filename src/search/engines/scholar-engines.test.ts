import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRequest, startFakeSearchUpstreams, type FakeSearchUpstreams } from '../../../tests/support/fake-search-upstreams.js';
import { type EngineResult } from '../engine.js';
import { parseQuery } from '../query.js';
import { arxivSearchQuery, createArxivEngine } from './arxiv.js';
import { createCrossrefEngine } from './crossref.js';
import { abstractFromInvertedIndex, createOpenAlexEngine } from './openalex.js';
import { quarryUserAgent } from './upstream-options.js';

let fake: FakeSearchUpstreams;
const signal = new AbortController().signal;
const userAgent = quarryUserAgent('ops@example.com');
const rate = { limit: 100, periodSeconds: 1 };

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

describe('crossref engine', () => {
  const engine = () => createCrossrefEngine({ baseUrl: fake.baseUrl('crossref'), userAgent, contactEmail: 'ops@example.com', rate });

  it('maps a work: title, DOI link, authors, journal, year, citations, PDF and abstract', async () => {
    const [first] = hitsOf(await engine().search(engineRequest('scholar', 'silly string theory'), signal));
    expect(first?.item).toEqual({
      title: 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory',
      link: 'https://doi.org/10.5555/12345678',
      snippet: 'The characteristic theme of the works of Stone is the bridge between culture and society.',
      authors: 'Josiah Carberry',
      publication: 'Journal of Psychoceramics',
      year: 2008,
      citations: 5,
      pdfUrl: 'https://www.crossref.org/pdfs/carberry.pdf',
    });
    expect(first?.publishedAt?.toISOString()).toBe('2008-08-13T00:00:00.000Z');
  });

  it('joins the polite pool with mailto, narrows by date and pages with rows and offset', async () => {
    const hits = hitsOf(
      await engine().search(engineRequest('scholar', 'theory', { num: 10, page: 3, tbs: 'qdr:y,sbd:1', now: new Date(Date.UTC(2026, 10, 22)) }), signal),
    );
    expect(hits[0]?.item.title).toBe('Crossref work 21');
    const sent = fake.requestsTo('crossref').at(-1);
    expect(sent?.query.get('mailto')).toBe('ops@example.com');
    expect(sent?.query.get('rows')).toBe('10');
    expect(sent?.query.get('offset')).toBe('20');
    expect(sent?.query.get('filter')).toBe('from-pub-date:2025-11-22');
    expect(sent?.query.get('sort')).toBe('published');
    expect(sent?.headers['user-agent']).toContain('ops@example.com');
  });

  it('returns an empty list when nothing matched', async () => {
    expect(hitsOf(await engine().search(engineRequest('scholar', 'nothing'), signal))).toEqual([]);
  });
});

describe('openalex engine', () => {
  const engine = (apiKey?: string) =>
    createOpenAlexEngine({ baseUrl: fake.baseUrl('openalex'), userAgent, contactEmail: 'ops@example.com', rate, ...(apiKey ? { apiKey } : {}) });

  it('maps a work and rebuilds its abstract from the inverted index', async () => {
    const [first] = hitsOf(await engine().search(engineRequest('scholar', 'state of open access'), signal));
    expect(first?.item).toEqual({
      title: 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
      link: 'https://doi.org/10.7717/peerj.4375',
      snippet: 'Despite growing interest in Open Access',
      authors: 'Heather Piwowar, Jason Priem',
      publication: 'PeerJ',
      year: 2018,
      citations: 1024,
      pdfUrl: 'https://peerj.com/articles/4375.pdf',
    });
  });

  it('sends phrases, the optional key, mailto, and pages with per-page and page', async () => {
    const hits = hitsOf(await engine('openalex-key').search(engineRequest('scholar', '"open access" citations', { num: 5, page: 2, lang: 'en' }), signal));
    expect(hits[0]?.item.title).toBe('OpenAlex work 6');
    const sent = fake.requestsTo('openalex').at(-1);
    expect(sent?.query.get('search')).toBe('"open access" citations');
    expect(sent?.query.get('api_key')).toBe('openalex-key');
    expect(sent?.query.get('mailto')).toBe('ops@example.com');
    expect([sent?.query.get('per-page'), sent?.query.get('page')]).toEqual(['5', '2']);
    // hl is the interface language, not a filter on the works' language.
    expect(sent?.query.get('filter')).toBeNull();
  });

  it('is configured without a key and reports a refused one', async () => {
    expect(engine().configured).toBe(true);
    await expect(engine('bad').search(engineRequest('scholar', 'x'), signal)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('rebuilds abstracts word by word', () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2] })).toBe('hello world hello');
    expect(abstractFromInvertedIndex(null)).toBeUndefined();
  });
});

describe('arxiv engine', () => {
  const engine = () => createArxivEngine({ baseUrl: fake.baseUrl('arxiv'), userAgent, rate });

  it('maps Atom entries: whitespace collapsed, https links, PDF, journal reference, authors', async () => {
    const [first, second] = hitsOf(await engine().search(engineRequest('scholar', 'attention'), signal));
    expect(first?.item).toEqual({
      title: 'Attention Is All You Need',
      link: 'https://arxiv.org/abs/1706.03762v7',
      snippet: 'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks. (1)',
      authors: 'Ashish Vaswani, Noam Shazeer',
      publication: 'Advances in Neural Information Processing Systems 30 (2017)',
      year: 2017,
      pdfUrl: 'https://arxiv.org/pdf/1706.03762v7',
    });
    expect(first?.publishedAt?.toISOString()).toBe('2017-06-12T17:57:34.000Z');
    expect(second?.item).toMatchObject({ publication: 'arXiv' });
  });

  it('builds fielded queries with phrases, OR, exclusions and an exact submission window', () => {
    const window = { since: new Date(Date.UTC(2026, 0, 1, 8, 30)), sortByDate: false };
    expect(arxivSearchQuery(parseQuery('"neural networks" intitle:transformer gpu OR tpu -survey site:x.org'), window)).toBe(
      'all:"neural networks" AND ti:transformer AND (all:gpu OR all:tpu) AND submittedDate:[202601010830 TO 999912312359] ANDNOT all:survey',
    );
    expect(arxivSearchQuery(parseQuery('-only -negative'), { sortByDate: false })).toBe('');
  });

  it('pages with start and max_results and sorts by submission date when asked', async () => {
    const hits = hitsOf(await engine().search(engineRequest('scholar', 'attention', { num: 5, page: 3, tbs: 'sbd:1' }), signal));
    expect(hits[0]?.item.title).toBe('arXiv paper 11');
    const sent = fake.requestsTo('arxiv').at(-1);
    expect([sent?.query.get('start'), sent?.query.get('max_results'), sent?.query.get('sortBy')]).toEqual(['10', '5', 'submittedDate']);
  });

  it('reports an error feed as a bad response, not as no results', async () => {
    await expect(engine().search(engineRequest('scholar', 'badquery'), signal)).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('malformed query'),
    });
  });

  it('spaces its requests by the configured rate (one per 3 s by default)', async () => {
    const paced = createArxivEngine({ baseUrl: fake.baseUrl('arxiv'), userAgent, rate: { limit: 1, periodSeconds: 0.2 } });
    const started = Date.now();
    await paced.search(engineRequest('scholar', 'attention'), signal);
    await paced.search(engineRequest('scholar', 'attention'), signal);
    await paced.search(engineRequest('scholar', 'attention'), signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('returns an empty list when nothing matched', async () => {
    expect(hitsOf(await engine().search(engineRequest('scholar', 'nothing'), signal))).toEqual([]);
  });
});

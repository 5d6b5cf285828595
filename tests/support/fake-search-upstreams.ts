/**
 * One local HTTP server that plays every upstream search API Quarry's engine adapters talk to,
 * each under its own path prefix (`/serper/search`, `/brave/res/v1/web/search`, `/crossref/works`…),
 * answering in the format the upstream documents. Fixtures follow the upstreams' public
 * documentation and examples; each handler names its source. Results are generated per request
 * (index-numbered titles that follow the paging parameters), so paging can be checked.
 *
 * Failure injection: `fail(upstream, failure)` makes the next request(s) to that upstream answer
 * with an HTTP status (401/403/429/5xx, optional headers and body), hang, close the connection,
 * send malformed JSON, or send an HTML CAPTCHA page. A query containing the word `nothing`
 * finds no results on every upstream. `program(upstream, corpus)` makes SearXNG, Brave or Serper
 * answer from the test's own documents instead, and `beforeAnswer` runs a hook as each request
 * arrives (latency, held answers). It listens on 127.0.0.1 only.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngineRequest } from '../../src/search/engine.js';
import { parseQuery } from '../../src/search/query.js';
import { parseTbs, tbsWindow } from '../../src/search/tbs.js';
import type { Vertical } from '../../src/search/verticals.js';
import { programmedAnswer, type FakeCorpus, type ProgrammableUpstream } from './fake-search-corpus.js';

export const UPSTREAMS = [
  'searxng',
  'serper',
  'brave',
  'crossref',
  'arxiv',
  'openalex',
  'photon',
  'nominatim',
  'wikimedia',
  'openverse',
  'gdelt',
  'patentsview',
  'duckduckgo',
  'duckduckgo-ac',
  'wikipedia',
] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export type FakeFailure =
  | { readonly status: number; readonly body?: string; readonly contentType?: string; readonly headers?: Readonly<Record<string, string>> }
  | 'hang'
  | 'close'
  | 'malformed-json'
  | 'captcha-page';

export interface RecordedUpstreamRequest {
  readonly upstream: UpstreamName;
  readonly method: string;
  /** The path below the upstream's prefix, e.g. `/res/v1/web/search`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface FakeSearchUpstreamsOptions {
  /** Keys the keyed upstreams accept. Defaults: `serper-key`, `brave-key`, `patentsview-key`, `openalex-key`. */
  readonly keys?: Partial<Record<'serper' | 'brave' | 'patentsview' | 'openalex', string>>;
  /** Whether the SearXNG instance has JSON output enabled (`search.formats`). Default true. */
  readonly searxngJson?: boolean;
  /** Results each upstream has in total for a query (paging ends there). Default 60. */
  readonly totalResults?: number;
}

export interface FakeSearchUpstreams {
  readonly url: string;
  /** The base URL an adapter for `upstream` should use. */
  baseUrl(upstream: UpstreamName): string;
  readonly requests: readonly RecordedUpstreamRequest[];
  requestsTo(upstream: UpstreamName): RecordedUpstreamRequest[];
  /** The next `times` requests to `upstream` fail this way (default once). */
  fail(upstream: UpstreamName, failure: FakeFailure, times?: number): void;
  /** From now on SearXNG, Brave or Serper answer from this corpus (see fake-search-corpus.ts). */
  program(upstream: ProgrammableUpstream, corpus: FakeCorpus): void;
  /**
   * Runs when a request to `upstream` arrives, before it is answered (or failed): e.g. to advance a
   * manual clock and so simulate latency, or to hold the answer back until the test lets it go.
   */
  beforeAnswer(upstream: UpstreamName, hook: (request: RecordedUpstreamRequest) => void | Promise<void>): void;
  close(): Promise<void>;
}

interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface FakeResponse {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly contentType?: string;
  /** A string is sent as is; anything else as JSON. */
  readonly body: unknown;
}

type Handler = (request: FakeRequest, context: HandlerContext) => FakeResponse;

interface HandlerContext {
  readonly keys: Readonly<Record<'serper' | 'brave' | 'patentsview' | 'openalex', string>>;
  readonly searxngJson: boolean;
  readonly total: number;
}

export const CAPTCHA_PAGE = `<!DOCTYPE html><html><head><title>Are you a robot?</title></head><body>
<div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
<form id="challenge-form" action="/anomaly.js" method="POST"><p>Please complete the following challenge to confirm this search was made by a human.</p></form>
</body></html>`;

const json = (body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): FakeResponse => ({ status, headers, body });
const text = (body: string, contentType: string, status = 200): FakeResponse => ({ status, contentType, body });

function finds(q: string | null): boolean {
  return q !== null && !/\bnothing\b/i.test(q);
}

/** Indices [from, to) of the results an upstream has for a query, within its total. */
function indices(from: number, count: number, total: number): number[] {
  const out: number[] = [];
  for (let i = from; i < Math.min(from + count, total); i++) out.push(i);
  return out;
}

function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) ? value : fallback;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------------------------
// SearXNG — docs/dev/search_api.rst and searx/webutils.py `get_json_response` (searxng@9fea412):
// {query, results[], answers, corrections, infoboxes, suggestions, unresponsive_engines[[name, msg]]};
// result fields from searx/result_types (url, title, content, engine, engines, positions, score,
// category, template, parsed_url, publishedDate, thumbnail, img_src…), see shared/reference/protocols.md §7.1.
// `/autocompleter` answers a JSON array with X-Requested-With: XMLHttpRequest, else OpenSearch suggestions.
// ---------------------------------------------------------------------------------------------
const SEARXNG_PAGE_SIZE = 10;

function searxngResult(category: string, i: number): Record<string, unknown> {
  const url = `https://example.org/${category}/${i + 1}`;
  const base = {
    url,
    title: `SearXNG ${category} result ${i + 1}`,
    content: `Snippet of <b>result</b> ${i + 1} in ${category}.`,
    engine: 'google',
    engines: ['google', 'bing'],
    positions: [i + 1],
    score: 2 / (i + 1),
    category,
    parsed_url: ['https', 'example.org', `/${category}/${i + 1}`, '', '', ''],
    publishedDate: new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString(),
  };
  switch (category) {
    case 'images':
      return {
        ...base,
        template: 'images.html',
        img_src: `https://img.example.org/${i + 1}.jpg`,
        thumbnail_src: `https://img.example.org/t/${i + 1}.jpg`,
        resolution: '1920 x 1080',
        img_format: 'jpeg',
        source: 'example.org',
      };
    case 'videos':
      return {
        ...base,
        template: 'videos.html',
        thumbnail: `https://img.example.org/v/${i + 1}.jpg`,
        length: '12:34',
        author: 'Example Channel',
        iframe_src: 'https://www.youtube-nocookie.com/embed/x',
      };
    case 'science':
      return {
        ...base,
        template: 'paper.html',
        authors: ['Ada Lovelace', 'Alan Turing'],
        journal: 'Journal of Examples',
        publisher: 'Example Press',
        doi: `10.1234/ex.${i + 1}`,
        pdf_url: `https://example.org/science/${i + 1}.pdf`,
      };
    case 'map':
      return {
        ...base,
        template: 'map.html',
        latitude: 48.8582,
        longitude: 2.2945,
        address: { name: 'Tour Eiffel', road: 'Avenue Anatole France', house_number: '5', locality: 'Paris', postcode: '75007', country: 'France' },
        osm: { type: 'way', id: 5013364 },
      };
    case 'news':
      return { ...base, template: 'default.html', thumbnail: `https://img.example.org/n/${i + 1}.jpg` };
    default:
      return { ...base, template: 'default.html' };
  }
}

const searxng: Handler = ({ path, query, headers }, { searxngJson, total }) => {
  if (path === '/autocompleter') {
    const q = query.get('q') ?? '';
    const suggestions = finds(q) ? [`${q} docker`, `${q} api`, `${q} settings`] : [];
    return headers['x-requested-with'] === 'XMLHttpRequest'
      ? json(suggestions)
      : { contentType: 'application/x-suggestions+json', body: [q, suggestions, [], [], { 'google:suggestrelevance': [600, 599, 598] }] };
  }
  if (path !== '/search' && path !== '/') return text('Not Found', 'text/html', 404);
  const format = query.get('format') ?? 'html';
  // settings.yml search.formats defaults to [html]; any other format is refused with 403 (webapp.py).
  if (format !== 'html' && !searxngJson) return text('<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1>', 'text/html; charset=utf-8', 403);
  const q = query.get('q');
  if (q === null || q.trim() === '') return json({ error: 'No query' }, 400);
  const pageno = intParam(query, 'pageno', 1);
  const category = query.get('categories') ?? 'general';
  if (/\ballfail\b/.test(q)) {
    return json({
      query: q,
      results: [],
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [
        ['bing', 'timeout'],
        ['google', 'CAPTCHA'],
      ],
    });
  }
  const results = finds(q) ? indices((pageno - 1) * SEARXNG_PAGE_SIZE, SEARXNG_PAGE_SIZE, total).map((i) => searxngResult(category, i)) : [];
  return json({ query: q, results, answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] });
};

// ---------------------------------------------------------------------------------------------
// Serper — POST /<vertical> with X-API-KEY; answers {searchParameters, <array>, credits}. Bad key:
// 403 {"message":"Unauthorized.","statusCode":403}; no balance: 400 {"message":"Not enough credits"}.
// First items are the real captures of shared/reference/protocols.md §4.4 (langchain-ai/langchain
// docs/docs/integrations/tools/google_serper.ipynb, 2023-05); the others follow flutter_serper's models.
// ---------------------------------------------------------------------------------------------
function serperItem(type: string, i: number): Record<string, unknown> {
  const n = i + 1;
  switch (type) {
    case 'search':
      return i === 0
        ? {
            title: 'Apple',
            link: 'https://www.apple.com/',
            snippet: 'Discover the innovative world of Apple ...',
            sitelinks: [{ title: 'Support', link: 'https://support.apple.com/' }],
            position: 1,
          }
        : { title: `Web result ${n}`, link: `https://example.com/web/${n}`, snippet: `Snippet ${n}`, date: '3 days ago', position: n };
    case 'news':
      return i === 0
        ? {
            title: 'ISS recommends Tesla investors vote against re-election of Robyn Denholm',
            link: 'https://www.reuters.com/business/autos-transportation/iss-recommends-2023-05-04/',
            snippet: 'Proxy advisory firm ISS on Wednesday recommended Tesla investors vote against...',
            date: '5 mins ago',
            source: 'Reuters',
            imageUrl: 'https://encrypted-tbn0.gstatic.com/images?q=tbn:1',
            position: 1,
          }
        : { title: `News ${n}`, link: `https://news.example.com/${n}`, snippet: `Story ${n}`, date: `${n} hours ago`, source: 'Example News', position: n };
    case 'images':
      return i === 0
        ? {
            title: 'Lion - Wikipedia',
            imageUrl: 'https://upload.wikimedia.org/wikipedia/commons/thumb/7/73/Lion_waiting_in_Namibia.jpg/1200px-Lion_waiting_in_Namibia.jpg',
            imageWidth: 1200,
            imageHeight: 900,
            thumbnailUrl: 'https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcRye79ROKwjfb6017jr0iu8Bz2E1KKuHg-A4qINJaspyxkZrkw&s',
            thumbnailWidth: 259,
            thumbnailHeight: 194,
            source: 'Wikipedia',
            domain: 'en.wikipedia.org',
            link: 'https://en.wikipedia.org/wiki/Lion',
            position: 1,
          }
        : {
            title: `Image ${n}`,
            imageUrl: `https://img.example.com/${n}.jpg`,
            imageWidth: 640,
            imageHeight: 480,
            thumbnailUrl: `https://img.example.com/t${n}.jpg`,
            source: 'Example',
            domain: 'example.com',
            link: `https://example.com/img/${n}`,
            position: n,
          };
    case 'videos':
      return {
        title: `Video ${n}`,
        link: `https://www.youtube.com/watch?v=v${n}`,
        snippet: `About video ${n}`,
        imageUrl: `https://i.ytimg.com/vi/v${n}/hq.jpg`,
        duration: '3:45',
        source: 'YouTube',
        channel: 'Example Channel',
        date: '2 weeks ago',
        position: n,
      };
    case 'places':
      return i === 0
        ? {
            position: 1,
            title: "L'Osteria",
            address: '1219 Lexington Ave',
            latitude: 40.777154599999996,
            longitude: -73.9571363,
            thumbnailUrl: 'https://lh5.googleusercontent.com/p/AF1Qip=w92-h92-n-k-no',
            rating: 4.7,
            ratingCount: 91,
            category: 'Italian',
            phoneNumber: '(212) 555-0100',
            website: 'https://losteria.example/',
          }
        : { position: n, title: `Place ${n}`, address: `${n} Main St`, latitude: 40.7, longitude: -73.9, rating: 4.1, ratingCount: 10 + n, category: 'Cafe' };
    case 'shopping':
      return {
        title: `Product ${n}`,
        source: 'Example Store',
        link: `https://shop.example.com/p/${n}`,
        price: '$9.99',
        delivery: 'Free delivery',
        imageUrl: `https://shop.example.com/i/${n}.jpg`,
        rating: 4.5,
        ratingCount: 120,
        productId: `p${n}`,
        position: n,
      };
    case 'scholar':
      return i === 0
        ? {
            title: 'Attention is all you need',
            link: 'https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html',
            publicationInfo: 'A Vaswani, N Shazeer, N Parmar… - Advances in neural information processing systems, 2017 - proceedings.neurips.cc',
            snippet: 'The dominant sequence transduction models ...',
            year: 2017,
            citedBy: 119097,
            pdfUrl: 'https://proceedings.neurips.cc/paper/2017/file/3f5ee243547dee91fbd053c1c4a845aa-Paper.pdf',
            id: 'abc',
          }
        : {
            title: `Paper ${n}`,
            link: `https://papers.example.com/${n}`,
            publicationInfo: `B Author - Journal ${n}, 2020 - example.com`,
            snippet: `Abstract ${n}`,
            year: 2020,
            citedBy: { total: n, link: 'https://scholar.example/cites' },
          };
    case 'patents':
      return {
        title: `Patent ${n}`,
        snippet: `A device ${n}`,
        link: `https://patents.google.com/patent/US${9876540 + n}B2/en`,
        priorityDate: '2015-01-01',
        filingDate: '2016-02-03',
        grantDate: '2018-01-23',
        publicationDate: '2018-01-23',
        inventor: 'Jane Doe',
        assignee: 'Example Corp',
        publicationNumber: `US${9876540 + n}B2`,
        language: 'en',
        pdfUrl: `https://patentimages.example/US${9876540 + n}.pdf`,
        position: n,
      };
    default:
      return {};
  }
}

const SERPER_ARRAYS: Readonly<Record<string, string>> = {
  search: 'organic',
  news: 'news',
  images: 'images',
  videos: 'videos',
  places: 'places',
  shopping: 'shopping',
  scholar: 'organic',
  patents: 'organic',
};

const serper: Handler = ({ method, path, headers, body }, { keys, total }) => {
  if (headers['x-api-key'] !== keys.serper) return json({ message: 'Unauthorized.', statusCode: 403 }, 403);
  if (method !== 'POST') return json({ message: 'Method not allowed', statusCode: 405 }, 405);
  const type = path.slice(1);
  let params: Record<string, unknown>;
  try {
    params = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return json({ message: 'Invalid JSON body', statusCode: 400 }, 400);
  }
  const q = typeof params.q === 'string' ? params.q : '';
  const num = typeof params.num === 'number' ? params.num : 10;
  const page = typeof params.page === 'number' ? params.page : 1;
  const searchParameters = { ...params, type, engine: 'google' };
  if (type === 'autocomplete') {
    return json({ searchParameters, suggestions: finds(q) ? [{ value: `${q} stock` }, { value: `${q} store` }, { value: `${q} id` }] : [], credits: 1 });
  }
  const key = SERPER_ARRAYS[type];
  if (key === undefined) return json({ message: 'Not found', statusCode: 404 }, 404);
  const items = finds(q) ? indices((page - 1) * num, num, total).map((i) => serperItem(type, i)) : [];
  // Google leaves the array out when nothing matched.
  return json({ searchParameters, ...(items.length > 0 ? { [key]: items } : {}), credits: 1 });
};

// ---------------------------------------------------------------------------------------------
// Brave Search API — GET /res/v1/{web,news,images,videos}/search with X-Subscription-Token; count,
// offset (a page number 0–9). Shapes from brave/brave-search-mcp-server src/tools/*/types.ts (see
// shared/reference/protocols.md §7.2): web {type:"search", query, web:{type, results[SearchResult]}},
// news/images/videos {type, query, results[]}. Validation errors answer 422; a refused token 401;
// quota exhaustion 429 with X-RateLimit-Limit/-Remaining/-Reset "per-second, per-month" pairs.
// ---------------------------------------------------------------------------------------------
function braveResult(vertical: string, i: number): Record<string, unknown> {
  const n = i + 1;
  const url = `https://brave.example.com/${vertical}/${n}`;
  const meta_url = {
    scheme: 'https',
    netloc: 'brave.example.com',
    hostname: 'brave.example.com',
    favicon: 'https://imgs.search.brave.com/fav',
    path: `› ${vertical} › ${n}`,
  };
  const page_age = new Date(Date.UTC(2026, 10, 20, 12) - i * 86_400_000).toISOString().slice(0, 19);
  switch (vertical) {
    case 'web':
      return {
        type: 'search_result',
        subtype: 'generic',
        title: `Brave <strong>web</strong> ${n}`,
        url,
        description: `The <strong>description</strong> of ${n}.`,
        age: 'November 20, 2026',
        page_age,
        language: 'en',
        family_friendly: true,
        is_source_local: false,
        is_source_both: false,
        meta_url,
        profile: { name: 'Example', url, long_name: 'brave.example.com', img: 'https://imgs.search.brave.com/p' },
      };
    case 'news':
      return {
        type: 'news_result',
        url,
        title: `Brave news ${n}`,
        description: `News <strong>story</strong> ${n}`,
        age: '2 hours ago',
        page_age,
        breaking: false,
        thumbnail: { src: `https://imgs.search.brave.com/n${n}`, original: `https://brave.example.com/n${n}.jpg` },
        meta_url,
      };
    case 'images':
      return {
        type: 'image_result',
        title: `Brave image ${n}`,
        url,
        source: 'brave.example.com',
        page_fetched: page_age,
        thumbnail: { src: `https://imgs.search.brave.com/t${n}` },
        properties: { url: `https://brave.example.com/i${n}.jpg`, placeholder: 'https://imgs.search.brave.com/ph', width: 800, height: 600 },
        meta_url,
        confidence: 'high',
      };
    default:
      return {
        type: 'video_result',
        url,
        title: `Brave video ${n}`,
        description: `Video ${n}`,
        age: '1 week ago',
        page_age,
        video: {
          duration: '22:44',
          views: 17368,
          creator: 'Example Creator',
          publisher: 'YouTube',
          requires_subscription: false,
          tags: [],
          author: { name: 'Example Author', url: 'https://www.youtube.com/@example' },
        },
        meta_url,
        thumbnail: { src: `https://imgs.search.brave.com/v${n}`, original: `https://i.ytimg.com/v${n}.jpg` },
      };
  }
}

const BRAVE_MAX_COUNT: Readonly<Record<string, number>> = { web: 20, news: 50, images: 200, videos: 50 };

const brave: Handler = ({ path, query, headers }, { keys, total }) => {
  if (headers['x-subscription-token'] !== keys.brave) {
    return json(
      {
        type: 'ErrorResponse',
        error: { id: 'e1', status: 401, code: 'SUBSCRIPTION_TOKEN_INVALID', detail: 'The provided subscription token is invalid.', meta: {} },
        time: 1,
      },
      401,
    );
  }
  const match = /^\/res\/v1\/(web|news|images|videos)\/search$/.exec(path);
  const vertical = match?.[1];
  if (vertical === undefined) return json({ type: 'ErrorResponse', error: { status: 404, code: 'NOT_FOUND', detail: 'Not found' } }, 404);
  const count = intParam(query, 'count', vertical === 'web' ? 20 : 20);
  const offset = intParam(query, 'offset', 0);
  if (count < 1 || count > (BRAVE_MAX_COUNT[vertical] ?? 20) || offset < 0 || offset > 9) {
    return json(
      {
        type: 'ErrorResponse',
        error: { status: 422, code: 'VALIDATION', detail: 'Unable to validate request parameter(s)', meta: { errors: [{ loc: ['query', 'count'] }] } },
      },
      422,
    );
  }
  const q = query.get('q');
  const start = vertical === 'images' ? 0 : offset * count;
  const results = finds(q) ? indices(start, count, total).map((i) => braveResult(vertical, i)) : [];
  const queryEcho = {
    original: q,
    show_strict_warning: false,
    is_navigational: false,
    country: query.get('country'),
    more_results_available: start + count < total,
  };
  if (vertical === 'web') {
    return json({
      type: 'search',
      query: queryEcho,
      mixed: { type: 'mixed', main: [] },
      ...(results.length > 0 ? { web: { type: 'search', results, family_friendly: true } } : {}),
    });
  }
  return json({
    type: vertical,
    query: queryEcho,
    results,
    ...(vertical === 'images' || vertical === 'videos' ? { extra: { might_be_offensive: false } } : {}),
  });
};

// ---------------------------------------------------------------------------------------------
// Crossref REST API — GET /works?query=&rows=&offset=; answer from api.crossref.org's documented
// work-list envelope {status, message-type:"work-list", message:{total-results, items[], items-per-page, query}};
// the first item is Crossref's documentation test DOI 10.5555/12345678 (Josiah Carberry).
// ---------------------------------------------------------------------------------------------
function crossrefWork(i: number): Record<string, unknown> {
  if (i === 0) {
    return {
      publisher: 'Society of Psychoceramics',
      DOI: '10.5555/12345678',
      type: 'journal-article',
      URL: 'https://doi.org/10.5555/12345678',
      title: ['Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory'],
      author: [{ given: 'Josiah', family: 'Carberry', sequence: 'first', affiliation: [] }],
      'container-title': ['Journal of Psychoceramics'],
      issued: { 'date-parts': [[2008, 8, 13]] },
      published: { 'date-parts': [[2008, 8, 13]] },
      'is-referenced-by-count': 5,
      link: [
        {
          URL: 'https://www.crossref.org/pdfs/carberry.pdf',
          'content-type': 'application/pdf',
          'content-version': 'vor',
          'intended-application': 'text-mining',
        },
      ],
      abstract: '<jats:p>The characteristic theme of the works of Stone is the bridge between culture and society.</jats:p>',
    };
  }
  return {
    DOI: `10.5555/ex.${i + 1}`,
    type: 'journal-article',
    URL: `https://doi.org/10.5555/ex.${i + 1}`,
    title: [`Crossref work ${i + 1}`],
    issued: { 'date-parts': [[2020]] },
    publisher: 'Example Publisher',
  };
}

const crossref: Handler = ({ path, query }, { total }) => {
  if (path !== '/works') return json({ status: 'error', 'message-type': 'route-not-found', message: 'Route not found' }, 404);
  const rows = intParam(query, 'rows', 20);
  const offset = intParam(query, 'offset', 0);
  if (rows > 1000)
    return json(
      {
        status: 'failed',
        'message-type': 'validation-failure',
        message: [{ type: 'integer-not-valid', value: rows, message: 'Integer specified as rows must be less than 1000' }],
      },
      400,
    );
  const items = finds(query.get('query')) ? indices(offset, rows, total).map(crossrefWork) : [];
  return json({
    status: 'ok',
    'message-type': 'work-list',
    'message-version': '1.0.0',
    message: {
      facets: {},
      'total-results': finds(query.get('query')) ? total : 0,
      items,
      'items-per-page': rows,
      query: { 'start-index': offset, 'search-terms': query.get('query') },
    },
  });
};

// ---------------------------------------------------------------------------------------------
// arXiv API — GET /api/query?search_query=&start=&max_results=; Atom 1.0 feed with opensearch totals and
// arxiv: extensions, after the arXiv API User's Manual (info.arxiv.org/help/api/user-manual.html) examples.
// A malformed query answers a feed with one entry whose id is http://arxiv.org/api/errors#… .
// ---------------------------------------------------------------------------------------------
function arxivEntry(i: number): string {
  const id = i === 0 ? '1706.03762v7' : `2001.${String(10000 + i)}v1`;
  const title = i === 0 ? 'Attention Is All\n      You Need' : `arXiv paper ${i + 1}`;
  return `<entry>
    <id>http://arxiv.org/abs/${id}</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>${i === 0 ? '2017-06-12T17:57:34Z' : '2020-01-01T00:00:00Z'}</published>
    <title>${escapeXml(title)}</title>
    <summary>  The dominant sequence transduction models are based on complex recurrent or
      convolutional neural networks. (${i + 1})</summary>
    <author><name>Ashish Vaswani</name></author>
    <author><name>Noam Shazeer</name></author>
    ${i === 0 ? '<arxiv:journal_ref xmlns:arxiv="http://arxiv.org/schemas/atom">Advances in Neural Information Processing Systems 30 (2017)</arxiv:journal_ref>' : ''}
    <link href="http://arxiv.org/abs/${id}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${id}" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>`;
}

function atomFeed(entries: string, totalResults: number, start: number, perPage: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2026-11-22T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${totalResults}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${start}</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${perPage}</opensearch:itemsPerPage>
  ${entries}
</feed>`;
}

const arxiv: Handler = ({ path, query }, { total }) => {
  if (path !== '/api/query') return text('Not Found', 'text/html', 404);
  const searchQuery = query.get('search_query') ?? '';
  const start = intParam(query, 'start', 0);
  const max = intParam(query, 'max_results', 10);
  if (/\bbadquery\b/.test(searchQuery)) {
    const error = `<entry><id>http://arxiv.org/api/errors#malformed_query</id><title>Error</title><summary>malformed query: ${escapeXml(searchQuery)}</summary><updated>2026-11-22T00:00:00-05:00</updated><link href="http://arxiv.org/api/errors#malformed_query" rel="alternate" type="text/html"/><author><name>arXiv api core</name></author></entry>`;
    return text(atomFeed(error, 1, 0, 1), 'application/atom+xml; charset=utf-8');
  }
  const found = finds(searchQuery) ? indices(start, max, total) : [];
  return text(atomFeed(found.map(arxivEntry).join('\n'), finds(searchQuery) ? total : 0, start, max), 'application/atom+xml; charset=utf-8');
};

// ---------------------------------------------------------------------------------------------
// OpenAlex — GET /works?search=&per-page=&page=; {meta:{count, page, per_page}, results[Work]} after
// docs.openalex.org (Work object); the first work is the docs' example W2741809807 (peerj.4375).
// ---------------------------------------------------------------------------------------------
function openalexWork(i: number): Record<string, unknown> {
  if (i === 0) {
    return {
      id: 'https://openalex.org/W2741809807',
      doi: 'https://doi.org/10.7717/peerj.4375',
      title: 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
      display_name: 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
      publication_year: 2018,
      publication_date: '2018-02-13',
      primary_location: {
        is_oa: true,
        landing_page_url: 'https://doi.org/10.7717/peerj.4375',
        pdf_url: 'https://peerj.com/articles/4375.pdf',
        source: { id: 'https://openalex.org/S1983995261', display_name: 'PeerJ' },
      },
      open_access: { is_oa: true, oa_status: 'gold', oa_url: 'https://peerj.com/articles/4375.pdf' },
      authorships: [
        { author_position: 'first', author: { id: 'https://openalex.org/A5048491430', display_name: 'Heather Piwowar' } },
        { author_position: 'middle', author: { display_name: 'Jason Priem' } },
      ],
      cited_by_count: 1024,
      abstract_inverted_index: { Despite: [0], growing: [1], interest: [2], in: [3], Open: [4], Access: [5] },
    };
  }
  return {
    id: `https://openalex.org/W${1000 + i}`,
    title: `OpenAlex work ${i + 1}`,
    publication_year: 2021,
    publication_date: '2021-05-01',
    primary_location: { landing_page_url: `https://works.example.org/${i + 1}` },
    cited_by_count: i,
  };
}

const openalex: Handler = ({ path, query }, { total, keys }) => {
  if (path !== '/works') return json({ error: 'Not found', message: 'The page you requested was not found.' }, 404);
  const apiKey = query.get('api_key');
  if (apiKey !== null && apiKey !== keys.openalex) return json({ error: 'Invalid API key', message: 'The API key provided is not valid.' }, 401);
  const perPage = intParam(query, 'per-page', 25);
  const page = intParam(query, 'page', 1);
  if (perPage > 200) return json({ error: 'Invalid query parameters error.', message: 'per-page parameter must be between 1 and 200' }, 400);
  const results = finds(query.get('search')) ? indices((page - 1) * perPage, perPage, total).map(openalexWork) : [];
  return json({
    meta: { count: finds(query.get('search')) ? total : 0, db_response_time_ms: 12, page, per_page: perPage, groups_count: null },
    results,
    group_by: [],
  });
};

// ---------------------------------------------------------------------------------------------
// Photon — GET /api/?q=&limit=&lang=; GeoJSON FeatureCollection as in komoot/photon's README example
// (properties name, street, housenumber, postcode, city, state, country, osm_key/osm_value, osm_type/osm_id).
// ---------------------------------------------------------------------------------------------
function photonFeature(i: number): Record<string, unknown> {
  if (i === 0) {
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [13.3888599, 52.5170365] },
      properties: {
        osm_type: 'R',
        osm_id: 62422,
        extent: [13.088345, 52.6755087, 13.7611609, 52.3382448],
        country: 'Germany',
        osm_key: 'place',
        countrycode: 'DE',
        osm_value: 'city',
        name: 'Berlin',
        state: 'Berlin',
        type: 'city',
      },
    };
  }
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [13.4 + i / 100, 52.5] },
    properties: {
      osm_type: 'N',
      osm_id: 1000 + i,
      osm_key: 'amenity',
      osm_value: 'fast_food',
      name: `Imbiss ${i + 1}`,
      housenumber: String(i + 1),
      street: 'Torstraße',
      postcode: '10119',
      city: 'Berlin',
      country: 'Germany',
      countrycode: 'DE',
      type: 'house',
    },
  };
}

const photon: Handler = ({ path, query }, { total }) => {
  if (path !== '/api/' && path !== '/api') return text('Not Found', 'text/plain', 404);
  const q = query.get('q');
  if (q === null || q === '') return json({ message: "missing search term 'q': /?q=berlin" }, 400);
  const limit = intParam(query, 'limit', 15);
  return json({ type: 'FeatureCollection', features: finds(q) ? indices(0, limit, total).map(photonFeature) : [] });
};

// ---------------------------------------------------------------------------------------------
// Nominatim — GET /search?q=&format=jsonv2&limit=; array of places as in nominatim.org/release-docs
// (Search API, "jsonv2" example): lat/lon as strings, category, type, name, display_name, boundingbox.
// ---------------------------------------------------------------------------------------------
function nominatimPlace(i: number): Record<string, unknown> {
  if (i === 0) {
    return {
      place_id: 100149,
      licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
      osm_type: 'node',
      osm_id: 107775,
      lat: '51.5073219',
      lon: '-0.1276474',
      category: 'place',
      type: 'city',
      place_rank: 16,
      importance: 0.99,
      addresstype: 'city',
      name: 'London',
      display_name: 'London, Greater London, England, United Kingdom',
      boundingbox: ['51.3473219', '51.6673219', '-0.2876474', '0.0323526'],
    };
  }
  return {
    place_id: 200000 + i,
    osm_type: 'way',
    osm_id: 300 + i,
    lat: '51.5',
    lon: '-0.12',
    category: 'amenity',
    type: 'cafe',
    name: `Cafe ${i + 1}`,
    display_name: `Cafe ${i + 1}, Strand, London, United Kingdom`,
    boundingbox: [],
  };
}

const nominatim: Handler = ({ path, query }, { total }) => {
  if (path !== '/search') return text('Not Found', 'text/html', 404);
  if (query.get('format') !== 'jsonv2') return text('<html>results page</html>', 'text/html');
  const limit = Math.min(intParam(query, 'limit', 10), 40);
  return json(finds(query.get('q')) ? indices(0, limit, total).map(nominatimPlace) : []);
};

// ---------------------------------------------------------------------------------------------
// Wikimedia Commons — MediaWiki Action API /w/api.php?action=query&generator=search&prop=imageinfo
// (mediawiki.org API:Search, API:Imageinfo, Extension:CommonsMetadata extmetadata), formatversion=2:
// query.pages is an array in arbitrary order, each page with its search `index`. Errors: 200 {error:{code, info}}.
// ---------------------------------------------------------------------------------------------
const wikimedia: Handler = ({ path, query }, { total }) => {
  if (path !== '/w/api.php') return text('Not Found', 'text/html', 404);
  if (query.get('action') !== 'query' || query.get('generator') !== 'search') {
    return json({ error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' }, servedby: 'mw-api-ext' });
  }
  const search = query.get('gsrsearch') ?? '';
  const limit = intParam(query, 'gsrlimit', 10);
  const offset = intParam(query, 'gsroffset', 0);
  const found = finds(search) ? indices(offset, limit, total) : [];
  if (found.length === 0) return json({ batchcomplete: true });
  const pages = found.map((i) => ({
    pageid: 5000 + i,
    ns: 6,
    title: i === 0 ? 'File:Eiffel Tower from Champ de Mars.jpg' : `File:Commons image ${i + 1}.png`,
    index: i - offset + 1,
    imagerepository: 'local',
    imageinfo: [
      {
        size: 123456,
        width: 2000,
        height: 3000,
        thumburl: `https://upload.wikimedia.org/thumb/${i + 1}/320px.jpg`,
        thumbwidth: 320,
        thumbheight: 480,
        url: `https://upload.wikimedia.org/wikipedia/commons/${i + 1}.jpg`,
        descriptionurl: `https://commons.wikimedia.org/wiki/File:Image_${i + 1}.jpg`,
        descriptionshorturl: `https://commons.wikimedia.org/w/index.php?curid=${5000 + i}`,
        extmetadata: {
          LicenseShortName: { value: i === 0 ? 'CC BY-SA 4.0' : 'Public domain', source: 'commons-desc-page', hidden: '' },
          Artist: { value: '<a href="//commons.wikimedia.org/wiki/User:Example">Example</a>', source: 'commons-desc-page' },
        },
      },
    ],
  }));
  // Pages come back in no particular order; `index` is their rank.
  pages.reverse();
  return json({ batchcomplete: true, continue: { gsroffset: offset + limit, continue: 'gsroffset||' }, query: { pages } });
};

// ---------------------------------------------------------------------------------------------
// Openverse — GET /v1/images/?q=&page=&page_size=; {result_count, page_count, page_size, page, results[]}
// after api.openverse.org/v1/ (ImageSearch schema): license "by", license_version "2.0", foreign_landing_url…
// Anonymous clients may not ask for more than 20 per page (401).
// ---------------------------------------------------------------------------------------------
function openverseImage(i: number): Record<string, unknown> {
  const id = `4bc43a04-ef46-4544-a0c1-63c63f56e${String(100 + i).padStart(3, '0')}`;
  return {
    id,
    title: i === 0 ? 'Tower Bridge at dusk' : `Openverse image ${i + 1}`,
    indexed_on: '2020-04-16T13:31:36.232Z',
    foreign_landing_url: `https://www.flickr.com/photos/example/${10000 + i}`,
    url: `https://live.staticflickr.com/65535/${10000 + i}.jpg`,
    creator: 'Example Photographer',
    creator_url: 'https://www.flickr.com/photos/example',
    license: i === 0 ? 'by-sa' : 'cc0',
    license_version: i === 0 ? '2.0' : '1.0',
    license_url: 'https://creativecommons.org/licenses/by-sa/2.0/',
    provider: 'flickr',
    source: 'flickr',
    category: 'photograph',
    filesize: null,
    filetype: 'jpg',
    tags: [{ name: 'bridge', accuracy: null }],
    attribution: '"Tower Bridge at dusk" by Example Photographer is licensed under CC BY-SA 2.0.',
    fields_matched: ['title'],
    mature: false,
    height: 768,
    width: 1024,
    thumbnail: `https://api.openverse.org/v1/images/${id}/thumb/`,
    detail_url: `https://api.openverse.org/v1/images/${id}/`,
    related_url: `https://api.openverse.org/v1/images/${id}/related/`,
    unstable__sensitivity: [],
  };
}

const openverse: Handler = ({ path, query }, { total }) => {
  if (path !== '/v1/images/' && path !== '/v1/images') return json({ detail: 'Not found.' }, 404);
  const pageSize = intParam(query, 'page_size', 20);
  const page = intParam(query, 'page', 1);
  if (pageSize > 20) return json({ detail: 'Authentication credentials were not provided.' }, 401);
  const count = finds(query.get('q')) ? total : 0;
  const results = count > 0 ? indices((page - 1) * pageSize, pageSize, total).map(openverseImage) : [];
  return json({ result_count: count, page_count: Math.ceil(count / pageSize), page_size: pageSize, page, results, warnings: [] });
};

// ---------------------------------------------------------------------------------------------
// GDELT DOC 2.0 — GET /api/v2/doc/doc?query=&mode=artlist&format=json&maxrecords=; {"articles":[{url,
// url_mobile, title, seendate "YYYYMMDDTHHMMSSZ", socialimage, domain, language, sourcecountry}]} after the
// DOC 2.0 API announcement (blog.gdeltproject.org/gdelt-doc-2-0-api-debuts) and its artlist JSON; `{}` when
// nothing matched; refusals are plain text ("The specified phrase is too short.", "Please limit requests…").
// ---------------------------------------------------------------------------------------------
const gdelt: Handler = ({ path, query }, { total }) => {
  if (path !== '/api/v2/doc/doc') return text('Not Found', 'text/html', 404);
  const q = query.get('query') ?? '';
  if (q.replace(/["-]/g, '').trim().length < 3) return text('The specified phrase is too short.', 'text/html; charset=utf-8');
  if (!finds(q)) return json({});
  const max = Math.min(intParam(query, 'maxrecords', 75), 250);
  const articles = indices(0, max, total).map((i) => ({
    url: `https://news.example.com/story-${i + 1}`,
    url_mobile: '',
    title: i === 0 ? 'Central bank holds rates steady' : `GDELT story ${i + 1}`,
    seendate: `202611${String(20 - Math.min(i, 19)).padStart(2, '0')}T031500Z`,
    socialimage: `https://news.example.com/img/${i + 1}.jpg`,
    domain: 'news.example.com',
    language: 'English',
    sourcecountry: 'United States',
  }));
  return json({ articles });
};

// ---------------------------------------------------------------------------------------------
// PatentsView PatentSearch API — GET /api/v1/patent/?q=&f=&o=&s= with X-Api-Key; {error, count,
// total_hits, patents[]} after search.patentsview.org/docs (PatentSearch API Reference); the first patent
// is US 10,000,000 (Raytheon, "Coherent LADAR using intra-pixel quadrature detection", granted 2018-06-19).
// ---------------------------------------------------------------------------------------------
function patentsviewPatent(i: number): Record<string, unknown> {
  if (i === 0) {
    return {
      patent_id: '10000000',
      patent_title: 'Coherent LADAR using intra-pixel quadrature detection',
      patent_date: '2018-06-19',
      patent_abstract:
        'A frequency modulated (coherent) laser detection and ranging system includes a read-out integrated circuit formed with a two-dimensional array of detector elements.',
      inventors: [{ inventor_name_first: 'Joseph', inventor_name_last: 'Marron' }],
      assignees: [{ assignee_organization: 'Raytheon Company' }],
      application: [{ filing_date: '2015-03-10' }],
    };
  }
  return {
    patent_id: String(10000000 + i),
    patent_title: `Patent ${i + 1}`,
    patent_date: '2019-01-01',
    inventors: [],
    assignees: [],
    application: [{ filing_date: '2017-01-01' }],
  };
}

const patentsview: Handler = ({ path, query, headers }, { keys, total }) => {
  if (headers['x-api-key'] !== keys.patentsview) return json({ detail: 'You do not have permission to perform this action.' }, 403);
  if (path !== '/api/v1/patent/') return json({ detail: 'Not found.' }, 404);
  let q: unknown;
  let o: { size?: number } = {};
  try {
    q = JSON.parse(query.get('q') ?? '');
    o = JSON.parse(query.get('o') ?? '{}') as { size?: number };
  } catch {
    return json({ error: true, reason: 'Invalid query: q is not valid JSON' }, 400);
  }
  const size = Math.min(o.size ?? 100, 1000);
  const matched = finds(JSON.stringify(q)) ? indices(0, size, total).map(patentsviewPatent) : [];
  return json({ error: false, count: matched.length, total_hits: matched.length === 0 ? 0 : total, patents: matched });
};

// ---------------------------------------------------------------------------------------------
// DuckDuckGo — POST /html/ (no-JavaScript results page: div.result, a.result__a with //duckduckgo.com/l/?uddg=
// links, a.result__snippet, ads marked result--ad, a "Next" form with s, dc, vqd in div.nav-link, div.no-results),
// as read by searxng's searx/engines/duckduckgo.py; GET /ac/?q= answers [{"phrase": …}] (duckduckgo-ac prefix).
// ---------------------------------------------------------------------------------------------
const DDG_PAGE_SIZE = 10;

function ddgPage(q: string, offset: number, total: number): string {
  const results = indices(offset, DDG_PAGE_SIZE, total)
    .map((i) => {
      const target = encodeURIComponent(`https://ddg.example.com/page/${i + 1}`);
      return `<div class="result results_links results_links_deep web-result ">
  <div class="links_main links_deep result__body">
    <h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=${target}&amp;rut=abc${i}">DuckDuckGo result ${i + 1}</a></h2>
    <div class="result__extras"><a class="result__url" href="//duckduckgo.com/l/?uddg=${target}">ddg.example.com/page/${i + 1}</a></div>
    <a class="result__snippet" href="//duckduckgo.com/l/?uddg=${target}">Snippet of <b>result</b> ${i + 1}</a>
  </div>
</div>`;
    })
    .join('\n');
  const ad =
    offset === 0
      ? `<div class="result results_links results_links_deep result--ad "><h2 class="result__title"><a class="result__a" href="https://duckduckgo.com/y.js?ad_domain=ads.example">Sponsored</a></h2></div>`
      : '';
  const hasNext = offset + DDG_PAGE_SIZE < total;
  const next = hasNext
    ? `<div class="nav-link"><form action="/html/" method="post"><input type="submit" class="btn btn--alt" value="Next" /><input type="hidden" name="q" value="${escapeXml(q)}" /><input type="hidden" name="s" value="${offset + DDG_PAGE_SIZE}" /><input type="hidden" name="nextParams" value="" /><input type="hidden" name="v" value="l" /><input type="hidden" name="o" value="json" /><input type="hidden" name="dc" value="${offset + DDG_PAGE_SIZE + 1}" /><input type="hidden" name="api" value="d.js" /><input type="hidden" name="vqd" value="4-fake-vqd" /><input type="hidden" name="kl" value="us-en" /></form></div>`
    : '';
  return `<!DOCTYPE html><html><head><title>${escapeXml(q)} at DuckDuckGo</title></head><body>
<div id="links" class="results">${ad}${results}${next}</div></body></html>`;
}

const duckduckgo: Handler = ({ method, path, body }, { total }) => {
  if (path !== '/html/' || method !== 'POST') return text('Not Found', 'text/html', 404);
  const form = new URLSearchParams(body);
  const q = form.get('q') ?? '';
  if (!finds(q))
    return text(
      '<!DOCTYPE html><html><body><div id="links" class="results"><div class="no-results">No results.</div></div></body></html>',
      'text/html; charset=UTF-8',
    );
  if (/\blayoutchange\b/.test(q))
    return text('<!DOCTYPE html><html><body><main class="new-layout"><article>Something</article></main></body></html>', 'text/html; charset=UTF-8');
  // A follow-up page without the vqd of the first is what bots do: DDG answers with its CAPTCHA.
  const offset = Number(form.get('s') ?? '0');
  if (offset > 0 && form.get('vqd') === null) return text(CAPTCHA_PAGE, 'text/html; charset=UTF-8');
  return text(ddgPage(q, offset, total), 'text/html; charset=UTF-8');
};

const duckduckgoAc: Handler = ({ path, query }) => {
  if (path !== '/ac/') return text('Not Found', 'text/html', 404);
  const q = query.get('q') ?? '';
  return json(finds(q) ? [{ phrase: `${q} browser` }, { phrase: `${q} app` }, { phrase: `${q} privacy` }] : []);
};

// ---------------------------------------------------------------------------------------------
// Wikipedia — GET /{lang}/w/api.php?action=opensearch&search=&limit=&namespace=0&format=json (the fake takes
// the language as a path segment); [query, [titles], [descriptions], [urls]] after mediawiki.org API:Opensearch.
// ---------------------------------------------------------------------------------------------
const wikipedia: Handler = ({ path, query }) => {
  const match = /^\/([a-z]{2,3})\/w\/api\.php$/.exec(path);
  if (match === null || query.get('action') !== 'opensearch') return json({ error: { code: 'badvalue', info: 'Unrecognized action' } });
  const search = query.get('search') ?? '';
  const limit = intParam(query, 'limit', 10);
  const titles = finds(search) ? [`${search} (${match[1]})`, `${search} theory`, `${search} history`].slice(0, limit) : [];
  return json([search, titles, titles.map(() => ''), titles.map((title) => `https://${match[1]}.wikipedia.org/wiki/${encodeURIComponent(title)}`)]);
};

const HANDLERS: Readonly<Record<UpstreamName, Handler>> = {
  searxng,
  serper,
  brave,
  crossref,
  arxiv,
  openalex,
  photon,
  nominatim,
  wikimedia,
  openverse,
  gdelt,
  patentsview,
  duckduckgo,
  'duckduckgo-ac': duckduckgoAc,
  wikipedia,
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, answer: FakeResponse): void {
  const isText = typeof answer.body === 'string';
  const payload = isText ? (answer.body as string) : JSON.stringify(answer.body);
  response.writeHead(answer.status ?? 200, {
    'content-type': answer.contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
    ...answer.headers,
  });
  response.end(payload);
}

export async function startFakeSearchUpstreams(options: FakeSearchUpstreamsOptions = {}): Promise<FakeSearchUpstreams> {
  const context: HandlerContext = {
    keys: { serper: 'serper-key', brave: 'brave-key', patentsview: 'patentsview-key', openalex: 'openalex-key', ...options.keys },
    searxngJson: options.searxngJson ?? true,
    total: options.totalResults ?? 60,
  };
  const requests: RecordedUpstreamRequest[] = [];
  const failures = new Map<UpstreamName, FakeFailure[]>();
  const hanging = new Set<ServerResponse>();
  const corpora = new Map<UpstreamName, FakeCorpus>();
  const hooks = new Map<UpstreamName, (request: RecordedUpstreamRequest) => void | Promise<void>>();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const [, prefix = '', ...rest] = url.pathname.split('/');
      const upstream = UPSTREAMS.find((name) => name === prefix);
      const body = await readBody(request);
      if (upstream === undefined) return send(response, text('unknown upstream', 'text/plain', 404));
      const path = `/${rest.join('/')}`;
      const recorded: RecordedUpstreamRequest = { upstream, method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, body };
      requests.push(recorded);
      await hooks.get(upstream)?.(recorded);
      const failure = failures.get(upstream)?.shift();
      if (failure === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (failure === 'close') return request.socket.destroy();
      if (failure === 'malformed-json') return send(response, { contentType: 'application/json', body: '{"results": [{"title": "cut off' });
      if (failure === 'captcha-page') return send(response, { contentType: 'text/html; charset=utf-8', body: CAPTCHA_PAGE });
      if (failure !== undefined) {
        return send(response, {
          status: failure.status,
          contentType: failure.contentType ?? 'application/json',
          body: failure.body ?? '',
          ...(failure.headers ? { headers: failure.headers } : {}),
        });
      }
      const corpus = corpora.get(upstream);
      const programmed = corpus === undefined ? undefined : programmedAnswer(upstream as ProgrammableUpstream, corpus, recorded);
      if (programmed !== undefined) return send(response, json(programmed));
      send(response, HANDLERS[upstream]({ method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, body }, context));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseUrl: (upstream) => `${url}/${upstream}`,
    requests,
    requestsTo: (upstream) => requests.filter((recorded) => recorded.upstream === upstream),
    fail(upstream, failure, times = 1) {
      const queue = failures.get(upstream) ?? [];
      for (let i = 0; i < times; i++) queue.push(failure);
      failures.set(upstream, queue);
    },
    program(upstream, corpus) {
      corpora.set(upstream, corpus);
    },
    beforeAnswer(upstream, hook) {
      hooks.set(upstream, hook);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An engine request as the router builds it (defaults: 10 results, page 1, country "us"). */
export function engineRequest(
  vertical: Vertical,
  q: string,
  overrides: { num?: number; page?: number; country?: string; lang?: string; location?: string; tbs?: string; now?: Date } = {},
): EngineRequest {
  const tbs = overrides.tbs === undefined ? undefined : parseTbs(overrides.tbs);
  return {
    vertical,
    query: parseQuery(q),
    q,
    num: overrides.num ?? 10,
    page: overrides.page ?? 1,
    country: overrides.country ?? 'us',
    ...(overrides.lang === undefined ? {} : { lang: overrides.lang }),
    ...(overrides.location === undefined ? {} : { location: overrides.location }),
    ...(tbs === undefined ? {} : { tbs }),
    window: tbsWindow(tbs, overrides.now ?? new Date()),
    autocorrect: true,
  };
}

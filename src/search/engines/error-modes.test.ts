/**
 * Every adapter against the same upstream failures: each must reject with the right EngineError
 * kind (so the router fails over and suspends it for the right time), never resolve with an
 * empty list because something broke.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineRequest,
  startFakeSearchUpstreams,
  type FakeFailure,
  type FakeSearchUpstreams,
  type UpstreamName,
} from '../../../tests/support/fake-search-upstreams.js';
import { EngineError, type EngineErrorKind, type EngineRequest, type SearchEngine } from '../engine.js';
import { createArxivEngine } from './arxiv.js';
import { createBraveEngine } from './brave.js';
import { createCrossrefEngine } from './crossref.js';
import { createDuckDuckGoEngine } from './duckduckgo.js';
import { createGdeltEngine } from './gdelt.js';
import { createNominatimEngine } from './nominatim.js';
import { createOpenAlexEngine } from './openalex.js';
import { createOpenverseEngine } from './openverse.js';
import { createPatentsViewEngine } from './patentsview.js';
import { createPhotonEngine } from './photon.js';
import { createSearxngEngine } from './searxng.js';
import { createSerperEngine } from './serper.js';
import { quarryUserAgent, type UpstreamEngineOptions } from './upstream-options.js';
import { createWikimediaEngine } from './wikimedia.js';
import { createWikipediaEngine } from './wikipedia.js';

let fake: FakeSearchUpstreams;
beforeAll(async () => {
  fake = await startFakeSearchUpstreams();
});
afterAll(async () => {
  await fake.close();
});

const TIMEOUT_MS = 200;

interface Case {
  readonly engine: string;
  readonly upstream: UpstreamName;
  readonly make: (common: (upstream: UpstreamName) => UpstreamEngineOptions) => SearchEngine;
  readonly request: () => EngineRequest;
  /** What a 401/403 means: a refused key, or being turned away. */
  readonly refusal: EngineErrorKind;
}

const CASES: readonly Case[] = [
  {
    engine: 'serper',
    upstream: 'serper',
    make: (c) => createSerperEngine({ ...c('serper'), apiKey: 'serper-key' }),
    request: () => engineRequest('web', 'q'),
    refusal: 'unauthorized',
  },
  {
    engine: 'brave',
    upstream: 'brave',
    make: (c) => createBraveEngine({ ...c('brave'), apiKey: 'brave-key' }),
    request: () => engineRequest('web', 'q'),
    refusal: 'unauthorized',
  },
  { engine: 'searxng', upstream: 'searxng', make: (c) => createSearxngEngine(c('searxng')), request: () => engineRequest('web', 'q'), refusal: 'unauthorized' },
  {
    engine: 'searxng autocomplete',
    upstream: 'searxng',
    make: (c) => createSearxngEngine(c('searxng')),
    request: () => engineRequest('autocomplete', 'q'),
    refusal: 'unauthorized',
  },
  {
    engine: 'crossref',
    upstream: 'crossref',
    make: (c) => createCrossrefEngine(c('crossref')),
    request: () => engineRequest('scholar', 'q'),
    refusal: 'blocked',
  },
  { engine: 'arxiv', upstream: 'arxiv', make: (c) => createArxivEngine(c('arxiv')), request: () => engineRequest('scholar', 'q'), refusal: 'blocked' },
  {
    engine: 'openalex',
    upstream: 'openalex',
    make: (c) => createOpenAlexEngine(c('openalex')),
    request: () => engineRequest('scholar', 'q'),
    refusal: 'blocked',
  },
  { engine: 'photon', upstream: 'photon', make: (c) => createPhotonEngine(c('photon')), request: () => engineRequest('places', 'q'), refusal: 'blocked' },
  {
    engine: 'nominatim',
    upstream: 'nominatim',
    make: (c) => createNominatimEngine({ ...c('nominatim'), cacheTtlSeconds: 0 }),
    request: () => engineRequest('places', 'q'),
    refusal: 'blocked',
  },
  {
    engine: 'wikimedia',
    upstream: 'wikimedia',
    make: (c) => createWikimediaEngine(c('wikimedia')),
    request: () => engineRequest('images', 'q'),
    refusal: 'blocked',
  },
  {
    engine: 'openverse',
    upstream: 'openverse',
    make: (c) => createOpenverseEngine(c('openverse')),
    request: () => engineRequest('images', 'q'),
    refusal: 'blocked',
  },
  { engine: 'gdelt', upstream: 'gdelt', make: (c) => createGdeltEngine(c('gdelt')), request: () => engineRequest('news', 'central bank'), refusal: 'blocked' },
  {
    engine: 'patentsview',
    upstream: 'patentsview',
    make: (c) => createPatentsViewEngine({ ...c('patentsview'), apiKey: 'patentsview-key' }),
    request: () => engineRequest('patents', 'q'),
    refusal: 'unauthorized',
  },
  {
    engine: 'duckduckgo',
    upstream: 'duckduckgo',
    make: (c) => createDuckDuckGoEngine(c('duckduckgo')),
    request: () => engineRequest('web', 'q'),
    refusal: 'blocked',
  },
  {
    engine: 'duckduckgo autocomplete',
    upstream: 'duckduckgo-ac',
    make: (c) => createDuckDuckGoEngine({ ...c('duckduckgo'), autocompleteUrl: fake.baseUrl('duckduckgo-ac') }),
    request: () => engineRequest('autocomplete', 'q'),
    refusal: 'blocked',
  },
  {
    engine: 'wikipedia',
    upstream: 'wikipedia',
    make: (c) => createWikipediaEngine({ ...c('wikipedia'), baseUrl: `${fake.baseUrl('wikipedia')}/{lang}` }),
    request: () => engineRequest('autocomplete', 'q'),
    refusal: 'blocked',
  },
];

const MODES: readonly { readonly name: string; readonly failure: FakeFailure; readonly kind: (c: Case) => EngineErrorKind; readonly retryAfter?: number }[] = [
  { name: '401', failure: { status: 401, body: '{"message":"Unauthorized."}' }, kind: (c) => c.refusal },
  { name: '403', failure: { status: 403, body: '{"message":"Forbidden"}' }, kind: (c) => c.refusal },
  {
    name: '429 with Retry-After',
    failure: { status: 429, headers: { 'retry-after': '120' }, body: '{"message":"Too many requests"}' },
    kind: () => 'rate_limited',
    retryAfter: 120,
  },
  { name: '500', failure: { status: 500, body: '{"error":"search error"}' }, kind: () => 'upstream' },
  { name: '503', failure: { status: 503, contentType: 'text/html', body: '<html><body>Service Unavailable</body></html>' }, kind: () => 'upstream' },
  { name: 'a hang past the timeout', failure: 'hang', kind: () => 'timeout' },
  { name: 'a dropped connection', failure: 'close', kind: () => 'network' },
  { name: 'malformed JSON', failure: 'malformed-json', kind: () => 'bad_response' },
  { name: 'an HTML CAPTCHA page', failure: 'captcha-page', kind: () => 'blocked' },
];

describe.each(CASES)('$engine upstream failures', (testCase) => {
  const common = (upstream: UpstreamName): UpstreamEngineOptions => ({
    baseUrl: fake.baseUrl(upstream),
    userAgent: quarryUserAgent(),
    timeoutMs: TIMEOUT_MS,
    rate: { limit: 1000, periodSeconds: 1 },
  });

  it('answers normally when the upstream is healthy', async () => {
    const result = await testCase.make(common).search(testCase.request(), new AbortController().signal);
    expect(result.vertical).toBe(testCase.request().vertical);
  });

  it.each(MODES)('rejects $name with the right kind', async (mode) => {
    fake.fail(testCase.upstream, mode.failure);
    const failure = await testCase
      .make(common)
      .search(testCase.request(), new AbortController().signal)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    const error = failure as EngineError;
    expect(error.kind).toBe(mode.kind(testCase));
    expect(error.engine).toBe(testCase.engine.split(' ')[0]);
    if (mode.retryAfter !== undefined) expect(error.retryAfterSeconds).toBe(mode.retryAfter);
  });

  it('stops at once when the caller aborts', async () => {
    fake.fail(testCase.upstream, 'hang');
    const controller = new AbortController();
    const pending = testCase.make(common).search(testCase.request(), controller.signal);
    const reason = new Error('caller gave up');
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });
});

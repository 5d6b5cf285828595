import { describe, it, expect, afterAll } from 'vitest';
import Fastify from 'fastify';
import { CombinedSearchRequest, resolveCombinedRequest, resolveVerticalRequest, searchFieldErrors, VERTICAL_REQUEST_SCHEMAS } from './requests.js';

// Fastify's own Ajv (defaults applied, types coerced) is what will run these schemas in production.
const app = Fastify();
app.post('/search', { schema: { body: CombinedSearchRequest } }, async (request) => request.body);
app.post('/images', { schema: { body: VERTICAL_REQUEST_SCHEMAS.images } }, async (request) => request.body);
app.post('/news', { schema: { body: VERTICAL_REQUEST_SCHEMAS.news } }, async (request) => request.body);
afterAll(() => app.close());

async function post(url: string, payload: unknown) {
  const response = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('combined search request', () => {
  it('fills every documented default', async () => {
    const { status, body } = await post('/search', { query: 'rust' });
    expect(status).toBe(200);
    expect(body).toEqual({
      query: 'rust',
      sources: ['web'],
      limit: 10,
      page: 1,
      country: 'us',
      autocorrect: true,
      use_cache: true,
    });
  });

  it('accepts every source, a country in upper case and the optional fields', async () => {
    const sources = ['web', 'news', 'images', 'places', 'shopping', 'videos', 'scholar', 'patents', 'autocomplete'];
    const payload = { query: 'q', sources, limit: 100, country: 'DE', lang: 'de', location: 'Berlin,Germany', tbs: 'qdr:d' };
    const { status, body } = await post('/search', payload);
    expect(status).toBe(200);
    expect(body).toMatchObject(payload);
  });

  it.each([
    [{}, 'missing query'],
    [{ query: '' }, 'empty query'],
    [{ query: 'q', sources: ['web', 'maps'] }, 'unknown source'],
    [{ query: 'q', sources: [] }, 'no source'],
    [{ query: 'q', sources: ['web', 'web'] }, 'repeated source'],
    [{ query: 'q', limit: 0 }, 'limit below 1'],
    [{ query: 'q', limit: 101 }, 'limit above 100'],
    [{ query: 'q', limit: 2.5 }, 'fractional limit'],
    [{ query: 'q', country: 'uk' }, 'non-ISO country'],
    [{ query: 'q', country: 'usa' }, 'three-letter country'],
    [{ query: 'q', lang: 'english!' }, 'malformed language'],
    [{ query: 'q', page: 0 }, 'page 0'],
  ])('refuses %j (%s)', async (payload, _why) => {
    expect((await post('/search', payload)).status).toBe(400);
  });
});

describe('vertical search requests', () => {
  it('fill num, page, gl, autocorrect and use_cache defaults', async () => {
    const { status, body } = await post('/news', { q: 'tesla' });
    expect(status).toBe(200);
    expect(body).toEqual({ q: 'tesla', gl: 'us', num: 10, page: 1, autocorrect: true, use_cache: true });
  });

  it('take location only where the contract lists it', () => {
    expect(Object.keys(VERTICAL_REQUEST_SCHEMAS.images.properties)).toContain('location');
    expect(Object.keys(VERTICAL_REQUEST_SCHEMAS.places.properties)).toContain('location');
    expect(Object.keys(VERTICAL_REQUEST_SCHEMAS.news.properties)).not.toContain('location');
    expect(VERTICAL_REQUEST_SCHEMAS.news.required).toEqual(['q']);
  });

  it.each([{ num: 0 }, { num: 101 }, { gl: 'xx' }, { page: -1 }, { q: '' }])('refuses %j', async (fields) => {
    expect((await post('/images', { q: 'lion', ...fields })).status).toBe(400);
  });
});

describe('resolving validated bodies', () => {
  it('applies defaults and lower-cases the country of a vertical body', () => {
    expect(resolveVerticalRequest({ q: 'lion', gl: 'GB', hl: 'en', location: 'London' })).toEqual({
      q: 'lion',
      num: 10,
      page: 1,
      country: 'gb',
      lang: 'en',
      location: 'London',
      autocorrect: true,
      useCache: true,
    });
  });

  it('maps the combined body onto the same per-source search and removes repeated sources', () => {
    expect(resolveCombinedRequest({ query: 'q', sources: ['news', 'web'], limit: 5, country: 'FR', tbs: 'qdr:w', use_cache: false })).toEqual({
      sources: ['news', 'web'],
      search: { q: 'q', num: 5, page: 1, country: 'fr', tbs: 'qdr:w', autocorrect: true, useCache: false },
    });
    expect(resolveCombinedRequest({ query: 'q' }).sources).toEqual(['web']);
  });
});

describe('searchFieldErrors', () => {
  it('reports a malformed tbs under the tbs field', () => {
    expect(searchFieldErrors({ tbs: 'qdr:x' })).toEqual({ tbs: [expect.stringMatching(/qdr must be/)] });
  });

  it('is empty for a valid or absent tbs', () => {
    expect(searchFieldErrors({ tbs: 'qdr:d3,sbd:1' })).toEqual({});
    expect(searchFieldErrors({})).toEqual({});
  });
});

import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';

/**
 * Bad input thrown at every endpoint of the foundation and at the bodies of Quarry's metered REST
 * API (search, scrape, answer, chat, billing): whatever arrives, the answer is one of the documented
 * statuses with a documented error body, never a server failure. The metered endpoints are called
 * with a key whose account holds no credits, so a body that happens to be valid is a 402 before
 * any work starts: the fuzz never reaches a search engine or a web page.
 */

const BODY_LIMIT = 64 * 1024;
const RUNS = 40;
/** Passing runs take a second or two; a failure's shrinking (huge bodies) may take far longer. */
const SHRINK_TIMEOUT = 120_000;

let t: TestApp;
/** The chat upstream on loopback: with chat configured, chat bodies reach validation instead of a 503. */
let upstream: FakeOpenAI;
let access: string;
let refresh: string;
let apiKey: string;
let keyId: number;
/** A key of an account with no credits, for the metered endpoints. */
let emptyKey: string;

beforeAll(async () => {
  upstream = await startFakeOpenAI();
  t = await startTestApp({
    BODY_LIMIT: String(BODY_LIMIT),
    MAX_KEYS_PER_ACCOUNT: '1000',
    LOGIN_LOCKOUT_ATTEMPTS: '1000',
    CHAT_UPSTREAM_URL: upstream.url,
    CHAT_UPSTREAM_MODEL: 'upstream-model',
    // The metered endpoints take hundreds of calls from one key: the throttle is tested on its own.
    THROTTLE_KEY_RATE: '100000/min',
    THROTTLE_ACCOUNT_RATE: '100000/min',
  });
  const customer = await t.customer(5);
  ({ access, key: apiKey, keyId } = customer);
  refresh = (await t.login(customer.email, customer.password)).refresh;
  emptyKey = (await t.customer(0)).key;
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Auth = 'token' | 'key' | 'emptyKey' | 'none';

interface Endpoint {
  readonly method: Method;
  /** The path, with `{id}` where a key id goes. */
  readonly path: string;
  readonly auth: Auth;
  /** Body fields the endpoint reads, so wrong types reach the right validators. */
  readonly fields: readonly string[];
  /** Success statuses; every error status is checked against ERROR_STATUSES. */
  readonly ok: readonly number[];
  /** Statuses this endpoint adds to ERROR_STATUSES: 402 without credits, 503 when its feature is not configured. */
  readonly errors?: readonly number[];
  /** The error body's shape: DRF's (the default) or OpenAI's `{error: {message, type, param, code}}`. */
  readonly errorShape?: 'drf' | 'openai';
}

const SEARCH_FIELDS = ['query', 'sources', 'limit', 'page', 'country', 'lang', 'location', 'tbs', 'autocorrect', 'use_cache'];
const VERTICAL_FIELDS = ['q', 'gl', 'hl', 'location', 'num', 'page', 'tbs', 'autocorrect', 'use_cache'];
const OPENAI_FIELDS = ['model', 'messages', 'temperature', 'max_tokens', 'max_completion_tokens', 'stream', 'stop', 'seed', 'n', 'top_p', 'user'];
const ANSWER_FIELDS = ['query', 'sources', 'limit', 'model', 'max_tokens', 'stream', 'country', 'lang', 'location', 'tbs', 'use_cache'];
const METERED = { auth: 'emptyKey', ok: [200], errors: [402, 503] } as const;

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/api/v1/auth/users/', auth: 'none', fields: ['email', 'password'], ok: [201] },
  { method: 'POST', path: '/api/v1/auth/users/activation/', auth: 'none', fields: ['uid', 'token'], ok: [204] },
  { method: 'GET', path: '/api/v1/auth/users/me/', auth: 'token', fields: [], ok: [200] },
  { method: 'POST', path: '/api/v1/auth/jwt/create/', auth: 'none', fields: ['email', 'password'], ok: [200] },
  { method: 'POST', path: '/api/v1/auth/jwt/refresh/', auth: 'none', fields: ['refresh'], ok: [200] },
  { method: 'POST', path: '/api/v1/auth/jwt/verify/', auth: 'none', fields: ['token'], ok: [200] },
  { method: 'POST', path: '/api/v1/auth/logout/', auth: 'token', fields: ['refresh'], ok: [204] },
  { method: 'POST', path: '/api/v1/auth/resend-activation/', auth: 'none', fields: ['email'], ok: [204] },
  { method: 'GET', path: '/api/v1/api-keys/', auth: 'token', fields: [], ok: [200] },
  { method: 'POST', path: '/api/v1/api-keys/', auth: 'token', fields: ['name'], ok: [201] },
  { method: 'GET', path: '/api/v1/api-keys/{id}/', auth: 'token', fields: [], ok: [200] },
  { method: 'PUT', path: '/api/v1/api-keys/{id}/', auth: 'token', fields: ['name'], ok: [200] },
  { method: 'PATCH', path: '/api/v1/api-keys/{id}/', auth: 'token', fields: ['name'], ok: [200] },
  { method: 'DELETE', path: '/api/v1/api-keys/{id}/', auth: 'token', fields: [], ok: [204] },
  { method: 'POST', path: '/api/v1/api-keys/{id}/reset/', auth: 'token', fields: ['name'], ok: [201] },
  { method: 'POST', path: '/api/v1/api-keys/{id}/reveal/', auth: 'token', fields: ['name'], ok: [200] },
  { method: 'GET', path: '/api/v1/account/credits/', auth: 'key', fields: [], ok: [200] },
  { method: 'POST', path: '/api/v1/search', fields: SEARCH_FIELDS, ...METERED },
  { method: 'POST', path: '/api/v1/images', fields: VERTICAL_FIELDS, ...METERED },
  { method: 'POST', path: '/api/v1/autocomplete', fields: VERTICAL_FIELDS, ...METERED },
  { method: 'POST', path: '/api/v1/scrape/', fields: ['url', 'formats', 'use_cache', 'render', 'json_options', 'model'], ...METERED },
  { method: 'POST', path: '/api/v1/answer', fields: ANSWER_FIELDS, ...METERED },
  { method: 'POST', path: '/api/v1/chat/', fields: ['messages', 'temperature', 'max_tokens', 'stream'], ...METERED },
  { method: 'POST', path: '/api/v1/chat/completions', fields: OPENAI_FIELDS, ...METERED, errorShape: 'openai' },
  { method: 'POST', path: '/api/v1/billing/checkout/create-transaction/', auth: 'token', fields: ['plan'], ok: [200], errors: [503] },
  { method: 'POST', path: '/api/v1/billing/checkout/confirm/', auth: 'token', fields: ['transaction_id'], ok: [200], errors: [503] },
];
const WITH_BODY = ENDPOINTS.filter((e) => e.method !== 'GET' && e.method !== 'DELETE');

/** Every error status the contract and the DRF conventions name for these endpoints. */
const ERROR_STATUSES = [400, 401, 403, 404, 405, 413, 415, 429];

/** Key ids the fuzz may destroy (revoke, reset) never point at the key the other runs use. */
const MISSING_KEY_ID = '987654321';

function urlOf(endpoint: Endpoint, id?: string): string {
  const destructive = endpoint.method === 'DELETE' || endpoint.path.endsWith('/reset/');
  return endpoint.path.replace('{id}', id ?? (destructive ? MISSING_KEY_ID : String(keyId)));
}

function credentialsFor(endpoint: Endpoint): Record<string, string> {
  if (endpoint.auth === 'token') return { authorization: `Bearer ${access}` };
  if (endpoint.auth === 'key') return { 'x-api-key': apiKey };
  if (endpoint.auth === 'emptyKey') return { 'x-api-key': emptyKey };
  return {};
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** DRF validation errors: field → list of messages, or a nested dict of the same. */
function isFieldErrors(value: unknown): boolean {
  if (!isPlainObject(value) || Object.keys(value).length === 0) return false;
  return Object.values(value).every((v) => (Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m !== '')) || isFieldErrors(v));
}

/** `{"detail": "…"}`, with simplejwt's `code` and `messages` where it adds them, and a `hint` (a login token sent for an API key). */
function isDetail(value: unknown): boolean {
  if (!isPlainObject(value) || typeof value.detail !== 'string' || value.detail === '') return false;
  return Object.entries(value).every(
    ([key, v]) => key === 'detail' || ((key === 'code' || key === 'hint') && typeof v === 'string') || (key === 'messages' && Array.isArray(v)),
  );
}

/** The contract's `{"error": "…"}` (402 adds `credits_remaining` and `upgrade_url`), or OpenAI's `{error: {message, …}}`. */
function isErrorBody(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const { error } = value;
  return (typeof error === 'string' && error !== '') || (isPlainObject(error) && typeof error.message === 'string' && error.message !== '');
}

function expectDocumented(endpoint: Endpoint, res: LightMyRequestResponse, what: string): void {
  const where = `${endpoint.method} ${endpoint.path} ← ${what.slice(0, 300)}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect([...endpoint.ok, ...ERROR_STATUSES, ...(endpoint.errors ?? [])], where).toContain(res.statusCode);
  if (res.statusCode === 204) {
    expect(res.body, where).toBe('');
    return;
  }
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  let body: unknown;
  expect(() => (body = JSON.parse(res.body)), where).not.toThrow();
  if (endpoint.ok.includes(res.statusCode)) {
    expect(isPlainObject(body), where).toBe(true);
    return;
  }
  if (endpoint.errorShape === 'openai') expect(isErrorBody(body), where).toBe(true);
  else if (res.statusCode === 402 || res.statusCode === 503) expect(isErrorBody(body), where).toBe(true);
  else if (res.statusCode === 400) expect(isFieldErrors(body) || isDetail(body), where).toBe(true);
  else expect(isDetail(body), where).toBe(true);
}

const send = (options: InjectOptions) => t.quarry.app.inject(options);

// ---------------------------------------------------------------------------------------------
// Arbitraries

const unicodeString = fc.string({ unit: 'grapheme', maxLength: 40 });
const binaryString = fc.string({ unit: 'binary', maxLength: 40 });
const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '"', '\\'), fc.integer({ min: 200, max: BODY_LIMIT + 4096 }))
  .map(([c, n]) => c.repeat(n));
const deepValue = fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
});
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme' }) },
  { weight: 2, arbitrary: unicodeString },
  { weight: 1, arbitrary: binaryString },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, '', ' ', 'a@b.c', 'qk_', [], {}) },
);
const fieldName = (fields: readonly string[]) =>
  fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'key'), unicodeString);

/** An object whose keys are mostly the endpoint's own fields, holding values of every wrong type. */
const wrongTypes = (endpoint: Endpoint) => fc.dictionary(fieldName(endpoint.fields.length > 0 ? endpoint.fields : ['name']), anyValue, { maxKeys: 4 });

/** Raw JSON texts that a generator of values cannot produce: prototype keys, deep nesting, broken syntax. */
const rawJson = fc.oneof(
  fc.json({ maxDepth: 4, stringUnit: 'grapheme' }),
  fc.constantFrom(
    '{"__proto__": {"isAdmin": true}}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '{"name": "a", "name": "b"}',
    '{"a":1}}',
    '[',
    '{',
    '\u0000',
    '\ufeff{}',
    'NaN',
    '{"n": Infinity}',
    '1e999',
    '"\\ud800"',
  ),
  fc.integer({ min: 1, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1, max: 20_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc
    .tuple(
      wrongTypes({ method: 'POST', path: '', auth: 'none', fields: ['email', 'password', 'name', 'token', 'refresh', 'uid'], ok: [] }),
      fc.string({ maxLength: 5 }),
    )
    .map(([value, junk]) => JSON.stringify(value) + junk),
);

/** Visible ASCII: anything a client can put in a header line. */
const headerText = (maxLength = 120) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const authorizationHeader = () =>
  fc.oneof(
    headerText(),
    fc.tuple(fc.constantFrom('Bearer', 'JWT', 'bearer', 'Token', 'Basic', 'Bearer ', 'JWT  '), headerText(60)).map(([scheme, rest]) => `${scheme} ${rest}`),
    fc.constantFrom(
      'Bearer',
      'JWT',
      'Bearer  ',
      'Bearer a b',
      `Bearer ${refresh}`,
      `JWT ${access}x`,
      `Bearer ${access.slice(0, -3)}`,
      `Bearer ${access.split('.').slice(0, 2).join('.')}.`,
      `Bearer ${apiKey}`,
      `Bearer ${access}`,
    ),
  );

const cookieHeader = () =>
  fc.oneof(
    headerText(),
    fc
      .tuple(
        fc.constantFrom('access', 'refresh', 'sessionid', 'csrftoken'),
        fc.oneof(headerText(80), fc.constantFrom(access, refresh, '%', '%E0%A4%A', '%ZZ', '"unterminated', '')),
      )
      .map(([name, value]) => `${name}=${value}`),
    fc.constantFrom(`access=${access}; refresh=${refresh}`, `access=${refresh}`, 'access=; refresh=', ';;;', '=', 'access'),
  );

const contentType = () =>
  fc.oneof(
    headerText(60),
    fc.constantFrom(
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json;;',
      'APPLICATION/JSON',
      'application/jsonx',
      'application/x-www-form-urlencoded; charset=utf-7',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/html',
      '*/*',
      '',
      ' ',
    ),
  );

// ---------------------------------------------------------------------------------------------

describe('malformed bodies', () => {
  for (const endpoint of WITH_BODY) {
    it(
      `${endpoint.method} ${endpoint.path}: any JSON value, wrong types per field, huge and deep values`,
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.oneof(wrongTypes(endpoint), anyValue), async (value) => {
            const payload = JSON.stringify(value);
            const res = await send({
              method: endpoint.method,
              url: urlOf(endpoint),
              headers: { ...credentialsFor(endpoint), 'content-type': 'application/json' },
              payload,
            });
            expectDocumented(endpoint, res, payload);
          }),
          { numRuns: RUNS },
        );
      },
      SHRINK_TIMEOUT,
    );

    it(
      `${endpoint.method} ${endpoint.path}: raw JSON texts (prototype keys, nesting, broken syntax)`,
      async () => {
        await fc.assert(
          fc.asyncProperty(rawJson, async (payload) => {
            const res = await send({
              method: endpoint.method,
              url: urlOf(endpoint),
              headers: { ...credentialsFor(endpoint), 'content-type': 'application/json' },
              payload,
            });
            expectDocumented(endpoint, res, payload);
            // A key named __proto__ is refused; the same word as a value is just a string.
            if (/"__proto__"\s*:/.test(payload) && Buffer.byteLength(payload) <= BODY_LIMIT) expect(res.statusCode, payload.slice(0, 200)).toBe(400);
          }),
          { numRuns: RUNS },
        );
      },
      SHRINK_TIMEOUT,
    );

    it(
      `${endpoint.method} ${endpoint.path}: form-urlencoded and multipart bodies with any field names and values`,
      async () => {
        const pairs = fc.array(fc.tuple(fieldName(endpoint.fields.length > 0 ? endpoint.fields : ['name']), fc.oneof(unicodeString, hugeString)), {
          maxLength: 4,
        });
        await fc.assert(
          fc.asyncProperty(pairs, fc.boolean(), async (fields, asMultipart) => {
            let payload: string;
            let type: string;
            if (asMultipart) {
              const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
              payload = [
                ...fields.map(([name, value]) =>
                  [`--${boundary}`, `Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"`, '', value].join('\r\n'),
                ),
                `--${boundary}--`,
                '',
              ].join('\r\n');
              type = `multipart/form-data; boundary=${boundary}`;
            } else {
              payload = fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
              type = 'application/x-www-form-urlencoded';
            }
            const res = await send({ method: endpoint.method, url: urlOf(endpoint), headers: { ...credentialsFor(endpoint), 'content-type': type }, payload });
            expectDocumented(endpoint, res, `${type} ${payload}`);
          }),
          { numRuns: RUNS },
        );
      },
      SHRINK_TIMEOUT,
    );
  }
});

describe('malformed headers', () => {
  for (const endpoint of ENDPOINTS) {
    it(
      `${endpoint.method} ${endpoint.path}: Authorization, cookies, API keys, content types and request ids of any shape`,
      async () => {
        const headers = fc.record(
          {
            authorization: authorizationHeader(),
            cookie: cookieHeader(),
            'x-api-key': fc.oneof(headerText(80), fc.constantFrom(apiKey, ` ${apiKey} `, apiKey.slice(0, -1), `${apiKey}x`, 'qk_', `qk_${'A'.repeat(43)}`)),
            'content-type': contentType(),
            'x-request-id': headerText(80),
            origin: fc.oneof(headerText(40), fc.constantFrom('http://localhost', 'http://localhost:80', 'null')),
            referer: headerText(60),
          },
          { requiredKeys: [] },
        );
        const body = fc.option(fc.oneof(fc.json({ maxDepth: 2 }), headerText(200)), { nil: undefined });
        await fc.assert(
          fc.asyncProperty(headers, body, async (picked, payload) => {
            const withBody = endpoint.method !== 'GET' && payload !== undefined;
            const res = await send({ method: endpoint.method, url: urlOf(endpoint), headers: picked, ...(withBody ? { payload } : {}) });
            expectDocumented(endpoint, res, `${JSON.stringify(picked)} ${withBody ? payload : ''}`);
            expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
          }),
          { numRuns: RUNS },
        );
      },
      SHRINK_TIMEOUT,
    );
  }
});

describe('malformed ids and query strings', () => {
  const keyEndpoints = ENDPOINTS.filter((e) => e.path.includes('{id}'));

  for (const endpoint of keyEndpoints) {
    it(
      `${endpoint.method} ${endpoint.path}: any path segment, URL-encoded or raw`,
      async () => {
        const segment = fc.oneof(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
          fc.stringMatching(/^[0-9]{1,40}$/),
          fc.constantFrom(
            '0',
            '-1',
            '1.0',
            '1e3',
            '0x10',
            ' 1',
            '%2F',
            '%2e%2e',
            '..',
            '.',
            '%00',
            '%',
            '%zz',
            '١٢٣',
            '1%0A',
            String(Number.MAX_SAFE_INTEGER),
            '9'.repeat(300),
          ),
        );
        const destructive = endpoint.method === 'DELETE' || endpoint.path.endsWith('/reset/');
        // Revoking the key every other run authenticates with would only test the fuzz itself.
        const spared = segment.filter((id) => !(destructive && /^[0-9]+$/.test(id) && Number(id) === keyId));
        await fc.assert(
          fc.asyncProperty(spared, async (id) => {
            const url = urlOf(endpoint, id);
            const res = await send({
              method: endpoint.method,
              url,
              headers: credentialsFor(endpoint),
              ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: { name: 'fuzzed' } }),
            });
            expectDocumented(endpoint, res, url);
            // A dot segment is resolved by URL syntax before routing (`/api-keys/./` is the list), so it proves nothing here.
            const dotSegment = /^(\.|%2e){1,2}$/i.test(id);
            if (!/^[0-9]+$/.test(id) && !dotSegment) expect([404, 405], `${url} → ${res.statusCode}`).toContain(res.statusCode);
          }),
          { numRuns: RUNS },
        );
      },
      SHRINK_TIMEOUT,
    );
  }

  it(
    'GET /api/v1/api-keys/?page=… : any page value is a page or 404 Invalid page.',
    async () => {
      const list = ENDPOINTS.find((e) => e.method === 'GET' && e.path === '/api/v1/api-keys/')!;
      const page = fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.integer().map(String),
        fc.constantFrom('last', 'LAST', '1', '1 ', '01', '+1', '1e0', '99999999999999999999'),
      );
      await fc.assert(
        fc.asyncProperty(page, fc.boolean(), async (value, twice) => {
          const query = `page=${encodeURIComponent(value)}${twice ? '&page=1' : ''}`;
          const res = await send({ method: 'GET', url: `/api/v1/api-keys/?${query}`, headers: credentialsFor(list) });
          expectDocumented(list, res, query);
          expect([200, 404]).toContain(res.statusCode);
          if (res.statusCode === 404) expect(res.json()).toEqual({ detail: 'Invalid page.' });
        }),
        { numRuns: RUNS * 2 },
      );
    },
    SHRINK_TIMEOUT,
  );

  it('every foundation endpoint keeps answering with JSON after the fuzz', async () => {
    const me = await send({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    const credits = await send({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': apiKey } });
    expect(credits.json()).toEqual({ credits_remaining: 5 });
  });
});

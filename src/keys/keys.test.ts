import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { createKeyService } from './service.js';

let t: TestApp;
const PAGE_SIZE = 3;

beforeAll(async () => {
  t = await startTestApp({ PAGE_SIZE: String(PAGE_SIZE) });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(
  method: Method,
  url: string,
  access: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.quarry.app.inject({
    method,
    url,
    headers: { ...(access ? { authorization: `Bearer ${access}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const credits = (key?: string) =>
  t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: key === undefined ? {} : { 'x-api-key': key } });

const SECRET = /^qk_[A-Za-z0-9_-]+$/;
/** Bits of entropy in the random part of a secret (URL-safe base64: 6 bits a character). */
const secretBits = (secret: string) => (secret.length - 'qk_'.length) * 6;

async function account(credits = 0) {
  const user = await t.createUser(undefined, credits);
  const { access } = await t.login(user.email, user.password);
  return { ...user, access };
}

describe('creating a key', () => {
  it('answers 201 with the full secret, at least 192 random bits behind the qk_ prefix', async () => {
    const { access } = await account();
    const res = await call('POST', '/api/v1/api-keys/', access, { name: 'production' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: expect.any(Number), name: 'production', key: expect.stringMatching(SECRET), revealable: true });
    expect(secretBits(body.key)).toBeGreaterThanOrEqual(192);
    expect(body.key.startsWith(body.prefix)).toBe(true);
    expect(body.prefix.length).toBeLessThan(body.key.length);
  });

  it('gives every key a different secret', async () => {
    const { access } = await account();
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) secrets.add((await t.createKey(access, `k${i}`)).key);
    expect(secrets.size).toBe(5);
  });

  it('reports a missing, blank or too long name under the field, as DRF does', async () => {
    const { access } = await account();
    expect((await call('POST', '/api/v1/api-keys/', access, {})).json()).toEqual({ name: ['This field is required.'] });
    expect((await call('POST', '/api/v1/api-keys/', access, { name: '' })).json()).toEqual({ name: ['This field may not be blank.'] });
    const tooLong = await call('POST', '/api/v1/api-keys/', access, { name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
    expect((await call('POST', '/api/v1/api-keys/', access, { name: 42 })).statusCode).toBe(400);
  });

  it('treats a whitespace-only name as blank (DRF trims), instead of storing an empty name', async () => {
    const { access } = await account();
    const res = await call('POST', '/api/v1/api-keys/', access, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['This field may not be blank.'] });
    const { id } = await t.createKey(access, 'kept');
    const rename = await call('PATCH', `/api/v1/api-keys/${id}/`, access, { name: ' \t ' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await call('GET', `/api/v1/api-keys/${id}/`, access)).json().name).toBe('kept');
  });

  it('accepts JSON, form-urlencoded and multipart bodies', async () => {
    const { access } = await account();
    const form = await call('POST', '/api/v1/api-keys/', access, 'name=from+a+form', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(201);
    expect(form.json().name).toBe('from a form');

    const boundary = 'keysboundary';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'from multipart', `--${boundary}--`, ''].join('\r\n');
    const multipart = await call('POST', '/api/v1/api-keys/', access, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(multipart.statusCode).toBe(201);
    expect(multipart.json().name).toBe('from multipart');
    expect(multipart.json().key).toMatch(SECRET);
  });

  it('requires token authentication', async () => {
    const res = await call('POST', '/api/v1/api-keys/', undefined, { name: 'anonymous' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
  });
});

describe('the secret is shown only by create, reset and reveal', () => {
  it('never appears in list, retrieve, rename (PUT and PATCH) answers', async () => {
    const { access } = await account();
    const { id, key } = await t.createKey(access, 'secretive');
    const answers = [
      await call('GET', '/api/v1/api-keys/', access),
      await call('GET', `/api/v1/api-keys/${id}/`, access),
      await call('PUT', `/api/v1/api-keys/${id}/`, access, { name: 'renamed' }),
      await call('PATCH', `/api/v1/api-keys/${id}/`, access, { name: 'renamed again' }),
      await call('PATCH', `/api/v1/api-keys/${id}/`, access, {}),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain(key.slice(12));
      expect(res.body).not.toMatch(/"key"\s*:/);
    }
    const item = answers[1]!.json();
    expect(Object.keys(item).sort()).toEqual(['created', 'id', 'is_active', 'last_used', 'name', 'prefix', 'revealable']);
  });

  it('reveals the full secret of a key created with encrypted storage', async () => {
    const { access } = await account();
    const { id, key } = await t.createKey(access, 'to reveal');
    const res = await call('POST', `/api/v1/api-keys/${id}/reveal/`, access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'to reveal', key });
    const again = await call('POST', `/api/v1/api-keys/${id}/reveal/`, access, { name: 'ignored' });
    expect(again.json().key).toBe(key);
  });
});

describe('legacy keys (stored without ciphertext)', () => {
  // Configuration cannot produce a legacy app: without KEY_ENCRYPTION_SECRET, development
  // generates one and production refuses to start. Legacy rows come from a key service
  // built without the secret over the same database, as an older deployment would have left them.
  const legacyKeys = () => createKeyService({ db: t.quarry.db, encryptionSecret: undefined, maxKeysPerAccount: 100, now: () => new Date(), cacheSeconds: 0 });

  it('cannot be revealed: 400 telling the owner to reset the key', async () => {
    const user = await account(7);
    const legacy = await legacyKeys().create(user.id, 'old one');
    expect(legacy.revealable).toBe(false);
    const listed = await call('GET', `/api/v1/api-keys/${legacy.id}/`, user.access);
    expect(listed.json()).toMatchObject({ revealable: false, name: 'old one' });

    const res = await call('POST', `/api/v1/api-keys/${legacy.id}/reveal/`, user.access);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    expect(res.json().detail).toMatch(/reset/i);
    expect(res.body).not.toContain(legacy.key);
  });

  it('still authenticate, and reset turns them into a revealable key', async () => {
    const user = await account(7);
    const legacy = await legacyKeys().create(user.id, 'old one');
    expect((await credits(legacy.key)).json()).toEqual({ credits_remaining: 7 });

    const reset = await call('POST', `/api/v1/api-keys/${legacy.id}/reset/`, user.access);
    expect(reset.statusCode).toBe(201);
    expect(reset.json()).toMatchObject({ name: 'old one', revealable: true });
    const revealed = await call('POST', `/api/v1/api-keys/${reset.json().id}/reveal/`, user.access);
    expect(revealed.json().key).toBe(reset.json().key);
    expect((await credits(legacy.key)).statusCode).toBe(401);
  });

  it('a key sealed under another encryption secret is not revealable either, and is not a server failure', async () => {
    const user = await account();
    const foreign = await createKeyService({
      db: t.quarry.db,
      encryptionSecret: 'a rotated-away secret',
      maxKeysPerAccount: 100,
      now: () => new Date(),
      cacheSeconds: 0,
    }).create(user.id, 'sealed elsewhere');
    const res = await call('POST', `/api/v1/api-keys/${foreign.id}/reveal/`, user.access);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/reset/i);
  });
});

describe('keys are scoped to their owner', () => {
  it("answers 404 Not found. for another account's key on every endpoint, and changes nothing", async () => {
    const owner = await account(3);
    const { id, key } = await t.createKey(owner.access, 'mine');
    const intruder = await account();
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/api/v1/api-keys/${id}/`],
      ['PUT', `/api/v1/api-keys/${id}/`, { name: 'stolen' }],
      ['PATCH', `/api/v1/api-keys/${id}/`, { name: 'stolen' }],
      ['DELETE', `/api/v1/api-keys/${id}/`],
      ['POST', `/api/v1/api-keys/${id}/reset/`, {}],
      ['POST', `/api/v1/api-keys/${id}/reveal/`, {}],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, intruder.access, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect(res.body).not.toContain(key);
    }
    const list = await call('GET', '/api/v1/api-keys/', intruder.access);
    expect(list.json()).toEqual({ count: 0, next: null, previous: null, results: [] });

    const still = await call('GET', `/api/v1/api-keys/${id}/`, owner.access);
    expect(still.json()).toMatchObject({ name: 'mine', is_active: true });
    expect((await credits(key)).json()).toEqual({ credits_remaining: 3 });
  });

  it('answers 404 for a key id that does not exist or is not digits', async () => {
    const { access } = await account();
    for (const id of ['999999', '999999999999999', 'abc', '12a', '-1', '1.5', '%20', '0x1', '9'.repeat(40)]) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['DELETE', ''],
        ['PATCH', ''],
        ['POST', 'reset/'],
        ['POST', 'reveal/'],
      ] as const) {
        const res = await call(method, `/api/v1/api-keys/${id}/${suffix}`, access, method === 'PATCH' ? { name: 'x' } : undefined);
        expect(res.statusCode, `${method} ${id}/${suffix}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    }
  });
});

describe('rename (PUT and PATCH)', () => {
  it('changes only the name, whatever else the body says', async () => {
    const { access } = await account();
    const { id, key } = await t.createKey(access, 'before');
    const original = (await call('GET', `/api/v1/api-keys/${id}/`, access)).json();

    const put = await call('PUT', `/api/v1/api-keys/${id}/`, access, {
      name: 'after put',
      id: id + 1000,
      key: 'qk_forged',
      prefix: 'qk_forged',
      is_active: false,
      revealable: false,
      created: '2000-01-01T00:00:00.000Z',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...original, name: 'after put' }); // the whole key, as PATCH answers (issue 16, item 22)

    const patch = await call('PATCH', `/api/v1/api-keys/${id}/`, access, { name: 'after patch', is_active: false });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ ...original, name: 'after patch' });

    const now = (await call('GET', `/api/v1/api-keys/${id}/`, access)).json();
    expect(now).toEqual({ ...original, name: 'after patch' });
    expect((await credits(key)).statusCode).toBe(200);
  });

  it('PUT requires a name, PATCH does not', async () => {
    const { access } = await account();
    const { id } = await t.createKey(access, 'stays');
    const put = await call('PUT', `/api/v1/api-keys/${id}/`, access, {});
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ name: ['This field is required.'] });
    const patch = await call('PATCH', `/api/v1/api-keys/${id}/`, access, {});
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ id, name: 'stays', prefix: expect.stringMatching(/^qk_/), is_active: true, revealable: true });
  });

  it('accepts form-urlencoded and multipart bodies', async () => {
    const { access } = await account();
    const { id } = await t.createKey(access, 'form me');
    const form = await call('PATCH', `/api/v1/api-keys/${id}/`, access, 'name=via%20form', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.json()).toMatchObject({ id, name: 'via form' });
    const boundary = 'renameboundary';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'via multipart', `--${boundary}--`, ''].join('\r\n');
    const multipart = await call('PUT', `/api/v1/api-keys/${id}/`, access, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(multipart.json()).toMatchObject({ id, name: 'via multipart' });
  });
});

describe('revoke and reset', () => {
  it('revoke answers 204 with no body; the key is gone from list, retrieve and authentication', async () => {
    const user = await account(5);
    const { id, key } = await t.createKey(user.access, 'doomed');
    const res = await call('DELETE', `/api/v1/api-keys/${id}/`, user.access);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await call('GET', `/api/v1/api-keys/${id}/`, user.access)).json()).toEqual({ detail: 'Not found.' });
    expect((await call('GET', '/api/v1/api-keys/', user.access)).json().results).toEqual([]);
    expect((await call('DELETE', `/api/v1/api-keys/${id}/`, user.access)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/v1/api-keys/${id}/`, user.access, { name: 'zombie' })).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/api-keys/${id}/reveal/`, user.access)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/api-keys/${id}/reset/`, user.access)).statusCode).toBe(404);
    const refused = await credits(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Invalid or inactive API key.' });
  });

  it('reset revokes the old key and returns a new one with the same name (201)', async () => {
    const user = await account(9);
    const old = await t.createKey(user.access, 'rotating');
    const res = await call('POST', `/api/v1/api-keys/${old.id}/reset/`, user.access);
    expect(res.statusCode).toBe(201);
    const fresh = res.json();
    expect(fresh).toMatchObject({ name: 'rotating', key: expect.stringMatching(SECRET), revealable: true });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.key).not.toBe(old.key);
    expect(secretBits(fresh.key)).toBeGreaterThanOrEqual(192);

    expect((await call('GET', `/api/v1/api-keys/${old.id}/`, user.access)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/v1/api-keys/', user.access)).json();
    expect(listed.results.map((k: { id: number }) => k.id)).toEqual([fresh.id]);
    expect((await credits(old.key)).json()).toEqual({ detail: 'Invalid or inactive API key.' });
    expect((await credits(fresh.key)).json()).toEqual({ credits_remaining: 9 });
    expect((await call('POST', `/api/v1/api-keys/${old.id}/reset/`, user.access)).statusCode).toBe(404);
  });

  it('two concurrent resets of one key issue exactly one replacement', async () => {
    const user = await account();
    const old = await t.createKey(user.access, 'raced');
    const results = await Promise.all([
      call('POST', `/api/v1/api-keys/${old.id}/reset/`, user.access),
      call('POST', `/api/v1/api-keys/${old.id}/reset/`, user.access),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    expect((await call('GET', '/api/v1/api-keys/', user.access)).json().count).toBe(1);
  });
});

describe('listing', () => {
  it('is a DRF page: count, next, previous, results in that order, newest first', async () => {
    const { access } = await account();
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await t.createKey(access, `key ${i}`)).id);
    const newestFirst = [...ids].reverse();

    const first = await call('GET', '/api/v1/api-keys/', access);
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json())).toEqual(['count', 'next', 'previous', 'results']);
    expect(first.json()).toMatchObject({ count: 7, next: 'http://localhost/api/v1/api-keys/?page=2', previous: null });
    expect(first.json().results.map((k: { id: number }) => k.id)).toEqual(newestFirst.slice(0, PAGE_SIZE));

    const second = (await call('GET', '/api/v1/api-keys/?page=2', access)).json();
    expect(second).toMatchObject({ count: 7, next: 'http://localhost/api/v1/api-keys/?page=3', previous: 'http://localhost/api/v1/api-keys/' });
    expect(second.results.map((k: { id: number }) => k.id)).toEqual(newestFirst.slice(PAGE_SIZE, 2 * PAGE_SIZE));

    const last = (await call('GET', '/api/v1/api-keys/?page=last', access)).json();
    expect(last).toMatchObject({ count: 7, next: null, previous: 'http://localhost/api/v1/api-keys/?page=2' });
    expect(last.results.map((k: { id: number }) => k.id)).toEqual(newestFirst.slice(2 * PAGE_SIZE));
    expect((await call('GET', '/api/v1/api-keys/?page=3', access)).json()).toEqual(last);
  });

  it('answers 404 Invalid page. for a page that is not a page', async () => {
    const { access } = await account();
    for (let i = 0; i < 4; i++) await t.createKey(access, `k${i}`);
    for (const page of ['0', 'abc', '999', '-1', '1.5', '3', '%20', 'LAST', '1e1']) {
      const res = await call('GET', `/api/v1/api-keys/?page=${page}`, access);
      expect(res.statusCode, `page=${page}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Invalid page.' });
    }
    expect((await call('GET', '/api/v1/api-keys/?page=2', access)).statusCode).toBe(200);
  });

  it('shows an empty first page, and no second one', async () => {
    const { access } = await account();
    expect((await call('GET', '/api/v1/api-keys/', access)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await call('GET', '/api/v1/api-keys/?page=last', access)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await call('GET', '/api/v1/api-keys/?page=2', access)).json()).toEqual({ detail: 'Invalid page.' });
  });

  it("reads the last of repeated page parameters, as Django's QueryDict does", async () => {
    const { access } = await account();
    for (let i = 0; i < 4; i++) await t.createKey(access, `k${i}`);
    const page = await call('GET', '/api/v1/api-keys/?page=abc&page=2', access);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 4, next: null });
    expect(page.json().results).toHaveLength(1);
    expect((await call('GET', '/api/v1/api-keys/?page=2&page=9', access)).json()).toEqual({ detail: 'Invalid page.' });
  });

  it('keeps other query parameters in next and previous links', async () => {
    const { access } = await account();
    for (let i = 0; i < 4; i++) await t.createKey(access, `k${i}`);
    const page = (await call('GET', '/api/v1/api-keys/?ordering=x&page=1', access)).json();
    expect(page.next).toBe('http://localhost/api/v1/api-keys/?ordering=x&page=2');
  });
});

describe('using a key', () => {
  it('returns the balance of the account that owns the key', async () => {
    const user = await account(42);
    const { key } = await t.createKey(user.access, 'reader');
    const res = await credits(key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ credits_remaining: 42 });
  });

  it('refuses a missing, empty, unknown or malformed key with 401 Invalid or inactive API key.', async () => {
    const user = await account(1);
    const { key } = await t.createKey(user.access, 'real');
    const forged = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const value of ['qk_', forged, `Bearer ${key}`, key.toUpperCase(), 'not a key at all']) {
      const res = await credits(value);
      expect(res.statusCode, String(value)).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or inactive API key.' });
    }
    for (const value of [undefined, '']) {
      const res = await credits(value);
      expect(res.statusCode, String(value)).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('reads the balance and the key list with either credential, but manages keys with a login token only', async () => {
    const user = await account(1);
    const { id, key } = await t.createKey(user.access, 'real');
    const withToken = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { authorization: `Bearer ${user.access}` } });
    expect(withToken.statusCode).toBe(200);
    const withKey = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: { 'x-api-key': key } });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json().results.map((k: { id: number }) => k.id)).toContain(id);
    const minted = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: { 'x-api-key': key }, payload: { name: 'minted by a key' } });
    expect(minted.statusCode).toBe(403);
    expect(minted.json()).toEqual({ detail: 'This action needs a login token (Authorization: Bearer <access>); an API key is not accepted here.' });
  });

  it('records last_used after use, once the batch is flushed', async () => {
    const user = await account(1);
    const { id, key } = await t.createKey(user.access, 'tracked');
    expect((await call('GET', `/api/v1/api-keys/${id}/`, user.access)).json().last_used).toBeNull();
    const before = Date.now();
    expect((await credits(key)).statusCode).toBe(200);
    await t.quarry.services.keys.flushLastUsed();

    const stored = await t.quarry.db.selectFrom('api_keys').select('last_used').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.last_used).not.toBeNull();
    expect(Date.parse(stored.last_used!)).toBeGreaterThanOrEqual(before - 1000);
    const shown = (await call('GET', `/api/v1/api-keys/${id}/`, user.access)).json();
    expect(shown.last_used).toBe(stored.last_used);
    expect(Date.parse(shown.last_used)).toBeLessThanOrEqual(Date.now());
  });

  it('a refused key does not record last_used', async () => {
    const user = await account(1);
    const { id, key } = await t.createKey(user.access, 'revoked early');
    await call('DELETE', `/api/v1/api-keys/${id}/`, user.access);
    await credits(key);
    await t.quarry.services.keys.flushLastUsed();
    const stored = await t.quarry.db.selectFrom('api_keys').select('last_used').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.last_used).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { createCliWorkspace, jsonOf, type CliWorkspace } from '../../tests/support/cli-process.js';

// The operator's read-and-revoke commands, run as real processes against the database the HTTP
// app uses: what they list is what the API holds, and a key they revoke stops working there.
const SLOW = { timeout: 60_000 };
let ws: CliWorkspace;
let t: TestApp;
let counter = 0;
const email = (label: string) => `${label}-${++counter}@example.com`;
const quarry = (...args: string[]) => ws.run(args);

beforeAll(async () => {
  ws = await createCliWorkspace();
  expect((await ws.run(['migrate'])).code).toBe(0);
  t = await startTestApp(ws.env);
});
afterAll(async () => {
  await t?.close();
  await ws?.close();
});

const creditsWithKey = async (key: string) =>
  (await t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': key } })).statusCode;

describe('quarry users list', SLOW, () => {
  it('lists every account oldest first with its state and balance, as JSON and as a table', async () => {
    const first = await t.createUser(email('list'), 12);
    const second = await t.createUser(email('list'));
    expect((await quarry('users', 'lock', '--email', second.email)).code).toBe(0);

    const listed = await quarry('users', 'list', '--json');
    expect(listed.code).toBe(0);
    const { count, results } = jsonOf<{ count: number; results: { id: number; email: string }[] }>(listed);
    expect(count).toBe(results.length);
    expect(results.map((user) => user.id)).toEqual([...results.map((user) => user.id)].sort((a, b) => a - b));
    expect(results.find((user) => user.email === first.email)).toEqual({
      id: first.id,
      email: first.email,
      is_active: true,
      is_staff: false,
      locked: null,
      credits_remaining: 12,
      date_joined: expect.any(String),
      last_login: null,
    });
    expect(results.find((user) => user.email === second.email)).toMatchObject({ locked: 'operator', credits_remaining: 0 });

    const table = await quarry('users', 'list');
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+ACTIVE\s+STAFF\s+LOCKED\s+CREDITS\s+JOINED\s+LAST LOGIN$/);
    expect(lines.find((line) => line.includes(first.email))).toMatch(new RegExp(`^${first.id}\\s+${first.email}\\s+yes\\s+no\\s+no\\s+12\\s+\\S+\\s+never$`));
  });

  it('shows at most --limit accounts and says how many there are', async () => {
    await t.createUser(email('limit'));
    await t.createUser(email('limit'));
    const result = await quarry('users', 'list', '--limit', '1', '--json');
    const page = jsonOf<{ count: number; results: unknown[] }>(result);
    expect(page.results).toHaveLength(1);
    expect(page.count).toBeGreaterThanOrEqual(2);

    const text = await quarry('users', 'list', '--limit', '1');
    expect(text.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(text.stderr).toBe(`Showing 1 of ${page.count} accounts (--limit).\n`);
  });
});

describe('quarry keys list and revoke', SLOW, () => {
  it("lists an account's active keys without their secrets, then revokes one, which the API then refuses", async () => {
    const user = await t.createUser(email('keys'), 3);
    const { access } = await t.login(user.email, user.password);
    const kept = await t.createKey(access, 'kept');
    const doomed = await t.createKey(access, 'doomed');

    const listed = await quarry('keys', 'list', '--email', user.email, '--json');
    expect(listed.code).toBe(0);
    const page = jsonOf<{ count: number; results: { id: number; name: string }[] }>(listed);
    expect(page).toMatchObject({ user_id: user.id, email: user.email, count: 2 });
    expect(page.results.map((key) => [key.id, key.name]).sort()).toEqual(
      [
        [kept.id, 'kept'],
        [doomed.id, 'doomed'],
      ].sort(),
    );
    expect(listed.stdout).not.toContain(kept.key);

    const table = await quarry('keys', 'list', '--email', user.email);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+PREFIX\s+CREATED\s+LAST USED\n/);
    expect(table.stdout).toContain(`${user.email}: 2 active keys.`);
    expect(table.stdout).not.toContain(kept.key);

    expect(await creditsWithKey(doomed.key)).toBe(200);
    const revoked = await quarry('keys', 'revoke', String(doomed.id));
    expect(revoked).toEqual({
      code: 0,
      stdout: expect.stringMatching(new RegExp(`^Revoked key ${doomed.id} "doomed" \\(qk_\\S*…\\) of ${user.email}\\.\\n$`)),
      stderr: '',
    });
    // The app trusts a verified key for KEY_CACHE_SECONDS (1 s by default) when the CLI has no Redis to announce on.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await creditsWithKey(doomed.key)).toBe(401);
    expect(await creditsWithKey(kept.key)).toBe(200);

    const after = jsonOf<{ count: number; results: { id: number }[] }>(await quarry('keys', 'list', '--email', user.email, '--json'));
    expect(after.results.map((key) => key.id)).toEqual([kept.id]);
  });

  it('revokes with --json, and exits 1 for an id that names no active key', async () => {
    const user = await t.createUser(email('revoke'));
    const { access } = await t.login(user.email, user.password);
    const key = await t.createKey(access, 'once');
    const first = await quarry('keys', 'revoke', String(key.id), '--json');
    expect(first.code).toBe(0);
    expect(jsonOf(first)).toEqual({ id: key.id, name: 'once', prefix: expect.any(String), user_id: user.id, email: user.email, is_active: false });

    expect(await quarry('keys', 'revoke', String(key.id))).toEqual({
      code: 1,
      stdout: '',
      stderr: `quarry keys revoke: no active API key with id ${key.id}\n`,
    });
    expect(jsonOf(await quarry('keys', 'revoke', 'abc', '--json'))).toEqual({ error: 'no active API key with id abc' });
  });

  it('says when an account has no keys, and exits 1 for an unknown email', async () => {
    const user = await t.createUser(email('nokeys'));
    expect(await quarry('keys', 'list', '--email', user.email)).toEqual({ code: 0, stdout: `${user.email} has no active API keys.\n`, stderr: '' });
    expect(await quarry('keys', 'list', '--email', 'nobody@example.com')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'quarry keys list: no user with email nobody@example.com\n',
    });
  });
});

describe('quarry credits balance', SLOW, () => {
  it("prints the balance the account's own API reports", async () => {
    const user = await t.createUser(email('balance'), 41);
    expect((await quarry('credits', 'grant', '--email', user.email, '--amount', '1')).code).toBe(0);
    const { access } = await t.login(user.email, user.password);
    const api = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
    expect(api.json()).toMatchObject({ credits_remaining: 42 });

    expect(await quarry('credits', 'balance', '--email', user.email.toUpperCase())).toEqual({ code: 0, stdout: `${user.email} has 42 credits.\n`, stderr: '' });
    const json = await quarry('credits', 'balance', '--email', user.email, '--json');
    expect(jsonOf(json)).toEqual({ user_id: user.id, email: user.email, credits_remaining: 42 });
  });

  it('exits 1 for an unknown email, with {"error"} under --json', async () => {
    const result = await quarry('credits', 'balance', '--email', 'nobody@example.com', '--json');
    expect(result.code).toBe(1);
    expect(jsonOf(result)).toEqual({ error: 'no user with email nobody@example.com' });
  });
});

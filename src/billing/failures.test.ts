import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { createTestDatabase } from '../../tests/support/database.js';
import {
  fakePaddleEnv,
  startFakePaddle,
  TEST_PADDLE_API_KEY,
  TEST_PADDLE_PRICES,
  TEST_PADDLE_WEBHOOK_SECRET,
  writeTestPlansFile,
  type FakePaddle,
  type TestPlansFile,
} from '../../tests/support/fake-paddle.js';
import { createApp, type QuarryApp } from '../app.js';
import { loadConfig } from '../config/secrets.js';
import { createLogger } from '../logging.js';

const WRONG_KEY = 'pdl_sdbx_apikey_01hzs3x9v6w8k2q4m7n5p3r1tf_RevokedKeyValue';

let paddle: FakePaddle;
let plansFile: TestPlansFile;

beforeAll(async () => {
  paddle = await startFakePaddle({ apiKey: TEST_PADDLE_API_KEY, webhookSecret: TEST_PADDLE_WEBHOOK_SECRET, prices: TEST_PADDLE_PRICES });
  plansFile = await writeTestPlansFile();
});
afterAll(async () => {
  await paddle.close();
  await plansFile.remove();
});

interface CapturedApp {
  readonly quarry: QuarryApp;
  /** Every log line written so far, as JSON text. */
  readonly logs: string[];
  close(): Promise<void>;
}

/** The real app with its log lines kept, so a test can read what an operator would. */
async function startCapturedApp(env: Record<string, string>): Promise<CapturedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-billing-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    SIGNUP_CREDITS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const logs: string[] = [];
  const quarry = await createApp(config, { logger: createLogger('debug', { write: (line: string) => void logs.push(line) }) });
  return {
    quarry,
    logs,
    async close() {
      await quarry.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function userWithToken(quarry: QuarryApp): Promise<{ id: number; access: string }> {
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'a sturdy passphrase 42';
  const user = await quarry.services.accounts.register({ email, password, origin: 'http://localhost', active: true, credits: 0 });
  const res = await quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password } });
  return { id: user.id, access: (res.json() as { access: string }).access };
}

describe('when Paddle is down', () => {
  let app: CapturedApp;
  beforeAll(async () => {
    app = await startCapturedApp({ ...fakePaddleEnv(paddle, plansFile.file), PADDLE_TIMEOUT_MS: '300' });
  });
  afterAll(async () => app.close());

  const inject = (access: string, url: string, payload: Record<string, unknown>) =>
    app.quarry.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${access}` }, payload });
  const checkout = (access: string) => inject(access, '/api/v1/billing/checkout/create-transaction/', { plan: 'starter' });
  const confirm = (access: string, txn: string) => inject(access, '/api/v1/billing/checkout/confirm/', { transaction_id: txn });
  const records = (userId: number) => app.quarry.db.selectFrom('billing_transactions').selectAll().where('user_id', '=', userId).execute();

  it.each([
    ['a 500', 500],
    ['a 503', 503],
    ['a rate limit', 429],
    ['a dropped connection', 'close'],
  ] as const)('answers checkout with 502 after %s and records nothing', async (_case, failure) => {
    const buyer = await userWithToken(app.quarry);
    paddle.failNext(failure);
    const res = await checkout(buyer.access);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: expect.stringContaining('Paddle') });
    expect(await records(buyer.id)).toEqual([]);
  });

  it('answers confirm with 502 when Paddle fails or hangs, grants nothing, and grants once Paddle is back', async () => {
    const buyer = await userWithToken(app.quarry);
    const created = await checkout(buyer.access);
    const txn = (created.json() as { transaction_id: string }).transaction_id;
    paddle.setStatus(txn, 'completed');

    paddle.failNext(502);
    expect((await confirm(buyer.access, txn)).statusCode).toBe(502);
    paddle.failNext('hang');
    const hung = await confirm(buyer.access, txn);
    expect(hung.statusCode).toBe(502);
    expect(hung.json()).toEqual({ error: 'Paddle did not answer GET /transactions/{id} within 300 ms.'.replace('/{id}', `/${txn}`) });

    expect(await records(buyer.id)).toMatchObject([{ status: 'pending', granted_at: null }]);
    expect(await app.quarry.services.ledger.balance(buyer.id)).toBe(0);

    expect((await confirm(buyer.access, txn)).json()).toMatchObject({ status: 'paid' });
    expect(await app.quarry.services.ledger.balance(buyer.id)).toBe(1000);
  });

  it('logs the failures without the API key', () => {
    const text = app.logs.join('');
    expect(text).toContain('provider_unavailable');
    expect(text).not.toContain(TEST_PADDLE_API_KEY);
    expect(text).not.toContain(TEST_PADDLE_WEBHOOK_SECRET);
  });
});

describe('when Paddle refuses our API key', () => {
  it("answers 502 naming Paddle's error code, and the key appears in no response and no log line", async () => {
    const app = await startCapturedApp({ ...fakePaddleEnv(paddle, plansFile.file), PADDLE_API_KEY: WRONG_KEY });
    try {
      const buyer = await userWithToken(app.quarry);
      const res = await app.quarry.app.inject({
        method: 'POST',
        url: '/api/v1/billing/checkout/create-transaction/',
        headers: { authorization: `Bearer ${buyer.access}` },
        payload: { plan: 'starter' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'The payment provider rejected the request (invalid_token).' });
      const confirm = await app.quarry.app.inject({
        method: 'POST',
        url: '/api/v1/billing/checkout/confirm/',
        headers: { authorization: `Bearer ${buyer.access}` },
        payload: { transaction_id: 'txn_01hzs3zzzzzzzzzzzzzzzzzzzz' },
      });
      expect(confirm.statusCode).toBe(502);

      const text = app.logs.join('');
      expect(text).toContain('invalid_token');
      expect(text).not.toContain(WRONG_KEY);
      expect(text).not.toContain('RevokedKeyValue');
      expect(res.body + confirm.body).not.toContain('RevokedKeyValue');
      // Paddle saw the key, so the test would notice if the fake stopped checking it.
      expect(paddle.requests.some((request) => request.headers.authorization === `Bearer ${WRONG_KEY}`)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('without a Paddle API key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PLANS_FILE: plansFile.file, PADDLE_API_URL: paddle.url });
  });
  afterAll(async () => t.close());

  it('answers checkout and confirm with 503 saying billing is not configured, and calls no one', async () => {
    const buyer = await t.customer();
    const before = paddle.requests.length;
    const headers = { authorization: `Bearer ${buyer.access}` };
    const created = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/billing/checkout/create-transaction/', headers, payload: { plan: 'starter' } });
    expect(created.statusCode).toBe(503);
    expect(created.json()).toEqual({ error: 'Billing is not configured: no Paddle API key.' });
    const confirmed = await t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/confirm/',
      headers,
      payload: { transaction_id: 'txn_01hzs3zzzzzzzzzzzzzzzzzzzz' },
    });
    expect(confirmed.statusCode).toBe(503);
    expect(confirmed.json()).toEqual({ error: 'Billing is not configured: no Paddle API key.' });
    expect(paddle.requests.length).toBe(before);
  });

  it('still lists the plans and an empty status', async () => {
    const buyer = await t.customer();
    expect((await t.quarry.app.inject({ method: 'GET', url: '/api/v1/billing/plans/' })).statusCode).toBe(200);
    const status = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/billing/status/', headers: { authorization: `Bearer ${buyer.access}` } });
    expect(status.json()).toEqual([]);
  });
});

/**
 * What an operator sees of an upstream's failures: one warning per failed attempt, naming the
 * model, the upstream URL (no credentials), the status, the start of the upstream's body and the
 * attempt; while the client gets the contract's error body without the upstream's words.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onlyFeatures, startTestApp, type TestApp } from '../../tests/support/app.js';
import { captureLog, type LogCapture } from '../../tests/support/chat-models.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fake-openai.js';

const UPSTREAM_KEY = 'sk-upstream-very-secret';
const EXCERPT = 'upstream-words-nobody-else-should-read';

let fake: FakeOpenAI;
let t: TestApp;
let log: LogCapture;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: UPSTREAM_KEY });
  log = captureLog();
  t = await startTestApp(
    {
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_API_KEY: UPSTREAM_KEY,
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      CHAT_MODEL: 'quarry-test-model',
      CHAT_MAX_RETRIES: '1',
      CHAT_RETRY_BASE_DELAY_MS: '5',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
    },
    { features: onlyFeatures('chat'), logDestination: log.destination },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  log.lines.length = 0;
  fake.setScenario({ kind: 'ok' });
});

const failureBody = (status: number) => ({ error: { message: `${EXCERPT} (${status})`, type: 'invalid_request_error', code: null } });

async function chat(key: string) {
  return t.quarry.app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    payload: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }], max_tokens: 20 }),
  });
}

describe('an upstream failure in the log', () => {
  it('logs a 404 once, with the status, the body excerpt and the hint about the version path; the client sees neither', async () => {
    fake.setScenario({ kind: 'status', status: 404, body: failureBody(404) });
    const c = await t.customer(1000);
    const res = await chat(c.key);

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The chat upstream rejected the request (404: the upstream URL may lack its version path, such as /v1).' });
    expect(res.body).not.toContain(EXCERPT);
    const warnings = log.about('chat upstream failed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      model: 'quarry-test-model',
      url: `${fake.url}/chat/completions`,
      status: 404,
      attempt: 1,
      kind: 'rejected',
      bodyExcerpt: expect.stringContaining(EXCERPT),
      hint: expect.stringMatching(/CHAT_UPSTREAM_URL.*version path.*\/v1/),
    });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(1000);
  });

  it('logs each failed attempt of a 500 once, numbered, and the client sees no excerpt', async () => {
    fake.setScenario({ kind: 'status', status: 500, body: failureBody(500) });
    const c = await t.customer(1000);
    const res = await chat(c.key);

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The chat upstream is unavailable (invalid_request_error).' });
    expect(res.body).not.toContain(EXCERPT);
    const warnings = log.about('chat upstream failed');
    expect(warnings.map((line) => [line.status, line.attempt])).toEqual([
      [500, 1],
      [500, 2],
    ]);
    for (const line of warnings) expect(line).toMatchObject({ level: 40, kind: 'unavailable', bodyExcerpt: expect.stringContaining(EXCERPT) });
    expect(warnings[0]).not.toHaveProperty('hint');
  });

  it('logs a failure that a retry recovered from once, and answers', async () => {
    fake.setScenario({ kind: 'status', status: 500, body: failureBody(500) }, { kind: 'ok' });
    const c = await t.customer(1000);
    expect((await chat(c.key)).statusCode).toBe(200);
    expect(log.about('chat upstream failed').map((line) => line.attempt)).toEqual([1]);
  });

  it('keeps at most 500 bytes of the body, and masks our own key where the upstream echoes it', async () => {
    fake.setScenario({ kind: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${UPSTREAM_KEY}. ${'x'.repeat(2000)}` } } });
    const c = await t.customer(1000);
    const res = await chat(c.key);
    expect(res.statusCode).toBe(502);
    const [warning] = log.about('chat upstream failed');
    expect(Buffer.byteLength(String(warning?.bodyExcerpt))).toBeLessThanOrEqual(500);
    expect(JSON.stringify(log.lines)).not.toContain(UPSTREAM_KEY);
    expect(warning?.bodyExcerpt).toContain('Incorrect API key provided: ***');
  });

  it('names the network failure when nothing answered', async () => {
    fake.setScenario({ kind: 'cut', afterChunks: 0 });
    const c = await t.customer(1000);
    expect((await chat(c.key)).statusCode).toBe(502);
    const warnings = log.about('chat upstream failed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: 'unavailable', attempt: 1 });
    expect(warnings[0]).not.toHaveProperty('status');
  });
});

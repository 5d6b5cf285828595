/**
 * Quarry's chat on loopback for the clients agents use: the fake upstream (recording every body
 * it receives) and the real application listening on a port, so that SDKs talk HTTP to it with
 * `baseURL` …/api/v1 and a Quarry API key. Prices are one credit per prompt token and two per
 * completion token, so charges are easy to predict.
 */
import type { AddressInfo } from 'node:net';
import { onlyFeatures, startTestApp, type TestApp } from './app.js';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.js';

export interface ChatLoopback {
  fake: FakeOpenAI;
  app: TestApp;
  /** `http://127.0.0.1:<port>/api/v1`, as OpenAI-compatible clients are configured. */
  baseURL: string;
  close(): Promise<void>;
}

export const LOOPBACK_MODEL = 'quarry-agent-model';

export async function startChatLoopback(env: Record<string, string> = {}): Promise<ChatLoopback> {
  const fake = await startFakeOpenAI({ apiKey: 'sk-upstream' });
  const app = await startTestApp(
    {
      CHAT_UPSTREAM_URL: fake.url,
      CHAT_UPSTREAM_API_KEY: 'sk-upstream',
      CHAT_UPSTREAM_MODEL: 'upstream-model',
      CHAT_MODEL: LOOPBACK_MODEL,
      CHAT_RETRY_BASE_DELAY_MS: '5',
      THROTTLE_KEY_RATE: '100000/min',
      THROTTLE_ACCOUNT_RATE: '100000/min',
      PRICE_CHAT_PROMPT_PER_1K: '1000',
      PRICE_CHAT_COMPLETION_PER_1K: '2000',
      ...env,
    },
    { features: onlyFeatures('chat') },
  );
  await app.quarry.app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${(app.quarry.app.server.address() as AddressInfo).port}/api/v1`;
  return {
    fake,
    app,
    baseURL,
    async close() {
      await app.close();
      await fake.close();
    },
  };
}

/** The body the upstream received last, as a plain record. */
export function lastUpstreamBody(fake: FakeOpenAI): Record<string, unknown> {
  const last = fake.requests.at(-1);
  if (last === undefined) throw new Error('the upstream received nothing');
  return last.body as Record<string, unknown>;
}

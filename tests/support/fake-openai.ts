/**
 * A local OpenAI-compatible LLM gateway for tests: `POST /v1/chat/completions` (JSON and
 * SSE) and `GET /v1/models`, speaking the Chat Completions wire format byte for byte,
 * with scripted failures. Replies are deterministic so tests can compute expectations:
 * the reply is `Echo: <last user message>`, cut to `max_tokens` words; reported usage is
 * word-based (see `fakeUsage`), deliberately different from a BPE count, so a test can tell
 * whether a charge came from the upstream's usage or from local counting.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeScenario =
  /** A normal answer. `usage: false` leaves usage out (JSON) or sends no usage chunk (SSE). */
  | {
      kind: 'ok';
      usage?: boolean;
      reply?: string;
      finishReason?: string;
      /** Delay before the status line is sent. */
      firstByteDelayMs?: number;
      /** Delay between streamed chunks. */
      chunkDelayMs?: number;
      /** Sends an SSE comment (`: keep-alive`) before the first chunk, as OpenRouter does. */
      keepAliveComment?: boolean;
      /** Answers `stream: true` with a JSON body, as gateways that cannot stream do. */
      ignoreStream?: boolean;
    }
  /** Streams the role chunk and `afterChunks` content chunks, then destroys the socket. */
  | { kind: 'cut'; afterChunks: number; chunkDelayMs?: number }
  /** An error status with an OpenAI error body (or `body`), optionally with `Retry-After`. */
  | { kind: 'status'; status: number; retryAfter?: string; body?: unknown }
  /** 200 with a body that is not JSON (non-streamed) or a `data:` line that is not JSON. */
  | { kind: 'malformed' }
  /** Streams one content chunk, then an OpenAI error event. */
  | { kind: 'stream-error' }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Answers by a script of its own (tool calls, see fake-openai-tools.ts), given the body as received. */
  | { kind: 'script'; answer: (request: { body: unknown; stream: boolean }, res: ServerResponse) => void | Promise<void> };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
  /** The client's port: equal ports on successive requests mean a reused keep-alive connection. */
  remotePort: number | undefined;
  /** True when the client closed the connection before the response was complete. */
  aborted: boolean;
  /** Resolves when the exchange is over, however it ended. */
  closed: Promise<void>;
}

export interface FakeOpenAIOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  scenario?: FakeScenario;
}

export interface FakeOpenAI {
  /** Base URL ending in `/v1`, as clients are configured. */
  url: string;
  requests: RecordedRequest[];
  /** Queues scenarios: each request takes the next one; the last one repeats. */
  setScenario(...scenarios: FakeScenario[]): void;
  /** Resolves once `count` chat requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

interface ChatBody {
  model?: unknown;
  messages?: Array<{ role?: unknown; content?: unknown }>;
  max_tokens?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
}

const CREATED = 1_700_000_000;
const FINGERPRINT = 'fp_fake';

/** Words as the fake counts them. */
export function fakeWords(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** The reply the fake gives to a conversation, and whether `max_tokens` cut it. */
export function fakeReply(body: ChatBody): { text: string; truncated: boolean } {
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  const full = `Echo: ${typeof lastUser?.content === 'string' ? lastUser.content : ''}`;
  const words = fakeWords(full);
  const limit = typeof body.max_tokens === 'number' ? body.max_tokens : Infinity;
  return words.length > limit ? { text: words.slice(0, limit).join(''), truncated: true } : { text: full, truncated: false };
}

/** The usage the fake reports: words of all message contents, words of the reply. */
export function fakeUsage(body: ChatBody, reply: string): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  const prompt = (body.messages ?? []).reduce((sum, m) => sum + (typeof m.content === 'string' ? fakeWords(m.content).length : 0), 0);
  const completion = fakeWords(reply).length;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let queue: FakeScenario[] = [options.scenario ?? { kind: 'ok' }];
  const requests: RecordedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let sequence = 0;

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let serverDestroyed = false;
    let resolveClosed: () => void = () => undefined;
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: undefined,
      remotePort: req.socket.remotePort,
      aborted: false,
      closed: new Promise((resolve) => (resolveClosed = resolve)),
    };
    res.on('close', () => {
      if (!res.writableFinished && !serverDestroyed) record.aborted = true;
      resolveClosed();
    });

    const raw = await readAll(req);
    try {
      record.body = raw.length > 0 ? JSON.parse(raw) : undefined;
    } catch {
      record.body = undefined;
    }

    if (req.method === 'GET' && req.url === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'fake-model', object: 'model', created: CREATED, owned_by: 'fake' }],
      });
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      sendJson(res, 404, openAIError('Not found', 'invalid_request_error', null));
      return;
    }

    requests.push(record);
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve();

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const shown = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      sendJson(res, 401, openAIError(`Incorrect API key provided: ${shown}.`, 'invalid_request_error', 'invalid_api_key'));
      return;
    }

    const scenario = queue.length > 1 ? (queue.shift() as FakeScenario) : (queue[0] as FakeScenario);
    const body = (record.body ?? {}) as ChatBody;
    const stream = body.stream === true;
    const id = `chatcmpl-fake${++sequence}`;
    const model = typeof body.model === 'string' ? body.model : 'fake-model';

    switch (scenario.kind) {
      case 'hang':
        return;
      case 'script':
        await scenario.answer({ body: record.body, stream }, res);
        return;
      case 'status': {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (scenario.retryAfter !== undefined) headers['retry-after'] = scenario.retryAfter;
        res.writeHead(scenario.status, headers);
        res.end(JSON.stringify(scenario.body ?? openAIError(`Fake failure ${scenario.status}`, 'server_error', null)));
        return;
      }
      case 'malformed':
        if (stream) {
          startSse(res);
          res.write(`data: ${JSON.stringify(chunk(id, model, { role: 'assistant', content: '' }, null))}\n\n`);
          res.end('data: {"id":"chatcmpl-broken","choices":[{"delta":{"content":"Hel\n\n');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"id":"chatcmpl-broken","object":"chat.completion","choices":[{"message":');
        }
        return;
      case 'stream-error': {
        startSse(res);
        res.write(`data: ${JSON.stringify(chunk(id, model, { role: 'assistant', content: '' }, null))}\n\n`);
        res.write(`data: ${JSON.stringify(chunk(id, model, { content: 'Partial ' }, null))}\n\n`);
        res.end(`data: ${JSON.stringify(openAIError('The server had an error while processing your request.', 'server_error', null))}\n\n`);
        return;
      }
      case 'cut': {
        if (!stream) {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"id":"chatcmpl-cut","object":"chat.completion",');
          await delay(20);
          serverDestroyed = true;
          res.destroy();
          return;
        }
        const words = fakeWords(fakeReply(body).text);
        startSse(res);
        res.write(`data: ${JSON.stringify(chunk(id, model, { role: 'assistant', content: '' }, null))}\n\n`);
        for (const word of words.slice(0, scenario.afterChunks)) {
          await delay(scenario.chunkDelayMs ?? 0);
          res.write(`data: ${JSON.stringify(chunk(id, model, { content: word }, null))}\n\n`);
        }
        await delay(20);
        serverDestroyed = true;
        res.destroy();
        return;
      }
      case 'ok':
        await delay(scenario.firstByteDelayMs ?? 0);
        if (res.destroyed) return;
        if (stream && scenario.ignoreStream !== true) await streamOk(res, id, model, body, scenario);
        else answerOk(res, id, model, body, scenario);
        return;
    }
  }

  function answerOk(res: ServerResponse, id: string, model: string, body: ChatBody, scenario: Extract<FakeScenario, { kind: 'ok' }>): void {
    const reply = scenario.reply === undefined ? fakeReply(body) : { text: scenario.reply, truncated: false };
    const usage = fakeUsage(body, reply.text);
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created: CREATED,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: scenario.finishReason ?? (reply.truncated ? 'length' : 'stop'),
        },
      ],
      ...(scenario.usage === false
        ? {}
        : {
            usage: {
              ...usage,
              prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
              completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
            },
          }),
      service_tier: 'default',
      system_fingerprint: FINGERPRINT,
    });
  }

  async function streamOk(res: ServerResponse, id: string, model: string, body: ChatBody, scenario: Extract<FakeScenario, { kind: 'ok' }>): Promise<void> {
    const reply = scenario.reply === undefined ? fakeReply(body) : { text: scenario.reply, truncated: false };
    const includeUsage = body.stream_options?.include_usage === true;
    const usageField = includeUsage ? { usage: null } : {};
    const send = (payload: object) => {
      if (!res.destroyed) res.write(`data: ${JSON.stringify({ ...payload, ...usageField })}\n\n`);
    };
    startSse(res);
    if (scenario.keepAliveComment === true) res.write(': keep-alive\n\n');
    send(chunk(id, model, { role: 'assistant', content: '' }, null));
    for (const word of fakeWords(reply.text)) {
      await delay(scenario.chunkDelayMs ?? 0);
      if (res.destroyed) return;
      send(chunk(id, model, { content: word }, null));
    }
    send(chunk(id, model, {}, scenario.finishReason ?? (reply.truncated ? 'length' : 'stop')));
    if (includeUsage && scenario.usage !== false) {
      res.write(`data: ${JSON.stringify({ ...chunk(id, model, {}, null), choices: [], usage: fakeUsage(body, reply.text) })}\n\n`);
    }
    if (!res.destroyed) res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setScenario(...scenarios) {
      if (scenarios.length === 0) throw new Error('setScenario needs at least one scenario');
      queue = [...scenarios];
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function chunk(id: string, model: string, delta: object, finishReason: string | null): object {
  return {
    id,
    object: 'chat.completion.chunk',
    created: CREATED,
    model,
    system_fingerprint: FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

function openAIError(message: string, type: string, code: string | null): object {
  return { error: { message, type, param: null, code } };
}

function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const part of req) chunks.push(part as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function delay(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}

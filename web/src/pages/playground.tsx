import { useState } from 'preact/hooks';
import { api, call, type ApiProblem } from '../api/client';
import type { components, paths } from '../api/schema';
import { balanceAfterCall } from '../balance';
import { Form, useForm, valueOf } from '../forms';
import { Card, Empty, Field, Loaded, Notice, ProblemBanner, useResource } from '../ui';
import { AnswerView, isAnswerBody, UsageLine } from './answer-view';

const VERTICALS = ['news', 'images', 'videos', 'places', 'shopping', 'scholar', 'patents', 'autocomplete'] as const;
const OPERATIONS = ['search', 'vertical', 'scrape', 'chat', 'answer'] as const;
type Operation = (typeof OPERATIONS)[number];
const TAB_NAMES: Record<Operation, string> = { search: 'Search', vertical: 'Vertical', scrape: 'Scrape', chat: 'Chat', answer: 'Answer' };
/** Pages the Answer tab can ask to be read: the endpoint's `limit`, 1 to 10, 5 when unset. */
const PAGE_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const DEFAULT_PAGES = 5;

interface Answer {
  readonly operation: Operation;
  readonly status: number;
  readonly body: unknown;
  readonly creditsUsed: string | null;
  readonly creditsRemaining: string | null;
  readonly curl: string;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The same call as a copy-pasteable curl command; the key is shown only by its prefix. */
function curlFor(path: string, body: unknown, keyHint: string): string {
  return `curl -X POST ${location.origin}${path} \\\n  -H 'X-API-KEY: ${keyHint}' \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(JSON.stringify(body))}`;
}

type BodyOf<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;

/**
 * The request each form makes. Paths and bodies are checked against the generated API types, so
 * the playground breaks the build, not the page, when an endpoint changes.
 */
function requestFor(operation: Operation): { path: keyof paths; body: unknown } {
  switch (operation) {
    case 'search':
      return { path: '/api/v1/search', body: { query: valueOf('query') } satisfies BodyOf<'/api/v1/search'> };
    case 'vertical': {
      const path = `/api/v1/${valueOf('vertical') as (typeof VERTICALS)[number]}` as const;
      return { path, body: { q: valueOf('query') } satisfies BodyOf<typeof path> };
    }
    case 'scrape':
      return { path: '/api/v1/scrape/', body: { url: valueOf('url'), formats: ['markdown'] } satisfies components['schemas']['ScrapeRequest'] };
    case 'chat':
      return {
        path: '/api/v1/chat/',
        body: { messages: [{ role: 'user', content: valueOf('message') }], max_tokens: 256 } satisfies components['schemas']['ChatRequest'],
      };
    case 'answer':
      return { path: '/api/v1/answer', body: { query: valueOf('question'), limit: Number(valueOf('limit')) } satisfies BodyOf<'/api/v1/answer'> };
  }
}

/** Picks the key: a revealable one is revealed into this page's memory only; any other is pasted. */
function KeyPicker({ secret, onSecret }: { secret: string; onSecret: (secret: string, hint: string) => void }) {
  const keys = useResource(() => call(() => api.GET('/api/v1/api-keys/', {})), []);
  const reveal = useForm();
  const [chosen, setChosen] = useState<string>('');
  return (
    <Loaded resource={keys} what="Loading keys">
      {(data) =>
        data.results.length === 0 ? (
          <Empty title="You have no API key">
            <p>
              <a href="/keys">Create a key</a> first, then come back.
            </p>
          </Empty>
        ) : (
          <div class="key-picker">
            <div class="field">
              <label for="field-key">Key</label>
              <select id="field-key" name="key" value={chosen} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}>
                <option value="">Choose a key…</option>
                {data.results.map((k) => (
                  <option key={k.id} value={String(k.id)}>
                    {k.name} ({k.prefix}…){k.revealable ? '' : ' — paste secret'}
                  </option>
                ))}
              </select>
            </div>
            {(() => {
              const key = data.results.find((k) => String(k.id) === chosen);
              if (!key) return null;
              if (key.revealable) {
                return (
                  <>
                    <ProblemBanner problem={reveal.problem} />
                    <button
                      type="button"
                      class="button"
                      onClick={() =>
                        reveal.submit(
                          () => call(() => api.POST('/api/v1/api-keys/{id}/reveal/', { params: { path: { id: String(key.id) } }, body: {} })),
                          (r) => onSecret(r.key, `${key.prefix}…`),
                        )
                      }
                    >
                      Use this key
                    </button>
                  </>
                );
              }
              return (
                <div class="field">
                  <label for="field-secret">Secret of “{key.name}” (not stored)</label>
                  <input
                    id="field-secret"
                    name="secret"
                    type="password"
                    autoComplete="off"
                    placeholder="qk_…"
                    onInput={(e) => onSecret((e.target as HTMLInputElement).value.trim(), `${key.prefix}…`)}
                  />
                </div>
              );
            })()}
            {secret ? <Notice tone="success">Key ready. It lives only in this page and is gone when you leave.</Notice> : null}
          </div>
        )
      }
    </Loaded>
  );
}

/**
 * Which verticals can answer now, and for the others what would turn an engine on: a search of
 * one that cannot answers 503 (nothing charged), so the playground says so before the call.
 */
function VerticalsLine() {
  const readiness = useResource(() => call(() => api.GET('/api/v1/search/verticals/', {})), []);
  const results = readiness.data?.results ?? [];
  if (results.length === 0) return null;
  const able = results.filter((entry) => entry.can_answer).map((entry) => entry.vertical);
  const unable = results.filter((entry) => !entry.can_answer);
  return (
    <p class="hint" data-testid="verticals">
      {able.length > 0 ? `Can answer: ${able.join(', ')}.` : 'No vertical can answer yet.'}
      {unable.length > 0 ? ' Cannot answer yet: ' : null}
      {unable.map((entry, index) => (
        <span key={entry.vertical}>
          {index > 0 ? '; ' : ''}
          {entry.vertical} (set{' '}
          {entry.setup.map((setup, at) => (
            <span key={setup}>
              {at > 0 ? ' or ' : ''}
              <code>{setup}</code>
            </span>
          ))}
          )
        </span>
      ))}
      {unable.length > 0 ? '.' : null}
    </p>
  );
}

function JsonBlock({ body }: { body: unknown }) {
  return (
    <pre class="code json" data-testid="answer-json" tabIndex={0} aria-label="JSON answer">
      {typeof body === 'string' ? body : JSON.stringify(body, null, 2)}
    </pre>
  );
}

/** The Answer tab's inputs: the question (also the search query) and how many of the results to read. */
function AnswerFields() {
  return (
    <>
      <div class="field-row">
        <Field label="Question" name="question" required placeholder="Which lighthouse first used the Fresnel lens?" />
        <div class="field field-narrow">
          <label for="field-limit">Pages to read</label>
          <select id="field-limit" name="limit" aria-describedby="field-limit-hint">
            {PAGE_COUNTS.map((count) => (
              <option key={count} value={String(count)} selected={count === DEFAULT_PAGES}>
                {count}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p class="hint" id="field-limit-hint">
        Quarry searches, reads the top pages and asks the model. Each page read is charged as a scrape, the model's tokens as a chat.
      </p>
    </>
  );
}

export function PlaygroundPage() {
  const [secret, setSecret] = useState('');
  const [hint, setHint] = useState('');
  const [operation, setOperation] = useState<Operation>('search');
  const form = useForm();
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const [problem, setProblem] = useState<ApiProblem | undefined>(undefined);

  const run = () => {
    const called = operation;
    const { path, body } = requestFor(called);
    setProblem(undefined);
    form.submit(
      async () => {
        try {
          const response = await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': secret },
            body: JSON.stringify(body),
          });
          const text = await response.text();
          // The header's balance follows every call made here.
          balanceAfterCall(response);
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON (an SSE stream or a proxy's page): shown as text
          }
          return {
            ok: true as const,
            data: {
              operation: called,
              status: response.status,
              body: parsed,
              creditsUsed: response.headers.get('x-credits-used'),
              creditsRemaining: response.headers.get('x-credits-remaining'),
              curl: curlFor(path, body, hint || 'qk_…'),
            },
            response,
          };
        } catch (error) {
          balanceAfterCall(undefined);
          return {
            ok: false as const,
            problem: {
              kind: 'network' as const,
              status: 0,
              detail: `Quarry could not be reached (${error instanceof Error ? error.message : String(error)}).`,
              fields: {},
              body: undefined,
            },
          };
        }
      },
      (data) => setAnswer(data),
    );
  };

  const rendered = answer?.operation === 'answer' && answer.status === 200 && isAnswerBody(answer.body) ? answer.body : undefined;
  const upgrade =
    answer?.status === 402 && typeof answer.body === 'object' && answer.body !== null ? (answer.body as { upgrade_url?: string }).upgrade_url : undefined;
  return (
    <>
      <h1>Playground</h1>
      <p class="lead">Try the API with one of your keys. Every call here is a real, metered call.</p>
      <Card title="1. Pick a key">
        <KeyPicker
          secret={secret}
          onSecret={(s, h) => {
            setSecret(s);
            setHint(h);
          }}
        />
      </Card>
      <Card title="2. Make a call">
        <div class="tabs" role="tablist" aria-label="Operation">
          {OPERATIONS.map((op) => (
            <button
              key={op}
              type="button"
              role="tab"
              aria-selected={operation === op}
              class={`tab${operation === op ? ' active' : ''}`}
              onClick={() => setOperation(op)}
            >
              {TAB_NAMES[op]}
            </button>
          ))}
        </div>
        {operation === 'search' || operation === 'vertical' ? <VerticalsLine /> : null}
        <Form form={form} onSubmit={run} label="Playground request">
          {operation === 'vertical' ? (
            <div class="field">
              <label for="field-vertical">Vertical</label>
              <select id="field-vertical" name="vertical">
                {VERTICALS.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {operation === 'search' || operation === 'vertical' ? <Field label="Query" name="query" required placeholder="solar storm" /> : null}
          {operation === 'scrape' ? <Field label="URL" name="url" type="url" required placeholder="https://example.com/" /> : null}
          {operation === 'chat' ? <Field label="Message" name="message" required placeholder="Say hello in three words" /> : null}
          {operation === 'answer' ? <AnswerFields /> : null}
          <button class="button primary" type="submit" disabled={form.busy || !secret}>
            {operation === 'answer' ? (form.busy ? 'Asking…' : 'Ask') : form.busy ? 'Running…' : 'Run'}
          </button>
          {!secret ? <p class="hint">Pick a key first.</p> : null}
        </Form>
        <ProblemBanner problem={problem} onRetry={run} />
      </Card>
      {answer ? (
        <Card title={`Answer: HTTP ${answer.status}`}>
          {rendered ? <AnswerView body={rendered} /> : null}
          {answer.creditsUsed !== null ? (
            <p data-testid="credits-used">
              Credits used: <strong>{answer.creditsUsed}</strong> · remaining: <strong>{answer.creditsRemaining}</strong>
            </p>
          ) : null}
          {rendered ? <UsageLine usage={rendered.usage} /> : null}
          {upgrade ? (
            <Notice tone="warning">
              Out of credits. <a href={upgrade}>Buy more credits</a>
            </Notice>
          ) : null}
          <h3>curl</h3>
          <pre class="code shell" tabIndex={0} aria-label="curl command">
            {answer.curl}
          </pre>
          {rendered ? (
            // The answer is shown above; its JSON stays one click away.
            <details class="raw-json">
              <summary>JSON</summary>
              <JsonBlock body={answer.body} />
            </details>
          ) : (
            <>
              <h3>JSON</h3>
              <JsonBlock body={answer.body} />
            </>
          )}
        </Card>
      ) : null}
    </>
  );
}

/**
 * Exa `POST /answer`: Quarry's answer (src/use-cases/answer.ts) in Exa's words. The use case
 * meters the whole (the search, the pages read, the model tokens) as one operation and charges
 * nothing when no answer comes. The answer's `[n]` (the n-th page given to the model) becomes
 * `[k]`, the k-th of `citations`, which lists the pages cited in the order first cited, in the
 * streamed answer as in the whole one.
 */
import { randomUUID } from 'node:crypto';
import { ANSWER_LIMITS } from '../../answer/index.js';
import type { Caller } from '../../credits/index.js';
import type { Answer, AnswerInput } from '../../use-cases/answer.js';
import { hitsOf, type SearchInput } from '../../use-cases/search.js';
import type { AgentOps } from '../agent-ops.js';
import { firstCitedOrder, markerRewriter, rewriteMarkers } from '../answer-markers.js';
import { CompatError } from '../compat-error.js';
import { isoDate } from '../tavily/search.js';
import type { ExaAnswerRequest } from './schemas.js';

/** Results the answer's search asks for: Exa's own search default, so both share one cache entry. */
const EXA_ANSWER_RESULTS = 10;

/** The answer use case's input; refuses what Quarry cannot honour, and a search no engine can answer, before anything is held. */
async function answerInput(ops: AgentOps, body: ExaAnswerRequest): Promise<AnswerInput> {
  if (body.systemPrompt !== undefined) throw new CompatError(400, 'systemPrompt is not supported');
  if (body.outputSchema !== undefined) throw new CompatError(400, 'outputSchema is not supported: Quarry answers in text');
  const search: SearchInput = { query: body.query, vertical: 'web', limit: EXA_ANSWER_RESULTS, country: body.userLocation?.toLowerCase() };
  await ops.search.ensureAnswerable(search);
  const combined = ops.search.combined(search);
  return { question: body.query, sources: combined.sources as AnswerInput['sources'], search: combined.search, pages: ANSWER_LIMITS.defaultPages };
}

/** Exa's citations: the cited pages in `order` (their `n`), each with its quote as `text` when asked for. */
function citationsOf(answer: Answer, order: readonly number[], withText: boolean) {
  const { hits } = hitsOf(answer.searched, 'web');
  return order.flatMap((n) => {
    const citation = answer.citations.find((candidate) => candidate.n === n);
    if (citation === undefined) return [];
    const published = isoDate(hits.find((hit) => hit.url === citation.url)?.publishedAt);
    return [
      {
        id: citation.url,
        url: citation.url,
        title: citation.title,
        publishedDate: published ?? null,
        author: null,
        ...(withText ? { text: citation.quote } : {}),
      },
    ];
  });
}

/** The whole answer. */
export async function exaAnswer(ops: AgentOps, caller: Caller, body: ExaAnswerRequest) {
  const answer = await ops.answers.run(caller, await answerInput(ops, body));
  const cited = firstCitedOrder(new Set(answer.sources.map((source) => source.n)));
  const text = rewriteMarkers(answer.answer, cited.position);
  return { answer: text, citations: citationsOf(answer, cited.order, body.text === true), requestId: randomUUID() };
}

/**
 * The answer streamed as the `data:` payloads `exa-js`'s `streamAnswer` reads: content chunks
 * (`choices[0].delta.content`), then one chunk of `citations`. Resolves at the model's first
 * output (a failure before it rejects, nothing charged); the chunks must be read to the end
 * (they settle the charge) and end by throwing when the model stops mid-way.
 */
export async function exaAnswerChunks(ops: AgentOps, caller: Caller, body: ExaAnswerRequest): Promise<AsyncIterable<string>> {
  const streamed = await ops.answers.stream(caller, await answerInput(ops, body));
  const cited = firstCitedOrder(new Set(streamed.sources.map((source) => source.n)));
  const rewriter = markerRewriter(cited.position);
  const content = (text: string) => JSON.stringify({ choices: [{ delta: { content: text } }] });
  return (async function* chunks() {
    for await (const event of streamed.events) {
      const text = event.type === 'token' ? rewriter.push(event.text) : rewriter.end();
      if (text !== '') yield content(text);
      if (event.type === 'done') yield JSON.stringify({ citations: citationsOf(event.answer, cited.order, body.text === true) });
    }
  })();
}

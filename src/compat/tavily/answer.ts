/**
 * Tavily's `include_answer`: Quarry's answer to the query (src/use-cases/answer.ts) beside the
 * results of the one search it was drawn from. The answer use case meters the whole (search,
 * pages read, model tokens) on its own, so the results cost nothing more: the search is charged
 * once, and nothing at all when no answer comes.
 */
import type { Caller } from '../../credits/index.js';
import type { AnswerInput } from '../../use-cases/answer.js';
import { hitsOf, type SearchHit, type SearchInput } from '../../use-cases/search.js';
import type { AgentOps } from '../agent-ops.js';
import { rewriteMarkers } from '../answer-markers.js';
import type { TavilySearchRequest } from './schemas.js';

/** Pages read for the answer, by Tavily's answer depth (`true` is `basic`); never more than the results asked for. */
export const TAVILY_ANSWER_PAGES = { basic: 3, advanced: 5 } as const;

/** The answer depth asked for, or undefined for none (`false` or absent). */
export function answerDepth(body: TavilySearchRequest): keyof typeof TAVILY_ANSWER_PAGES | undefined {
  if (body.include_answer === undefined || body.include_answer === false) return undefined;
  return body.include_answer === 'advanced' ? 'advanced' : 'basic';
}

export interface TavilyAnswered {
  /** The answer, its markers citing results by their 1-based place in `hits`. */
  readonly answer: string;
  readonly hits: readonly SearchHit[];
  /** Credits charged for the whole. */
  readonly charged: number;
}

/** The answer and the search's results, as one metered operation of the answer use case. */
export async function tavilyAnswered(
  ops: AgentOps,
  caller: Caller,
  body: TavilySearchRequest,
  input: SearchInput,
  depth: keyof typeof TAVILY_ANSWER_PAGES,
): Promise<TavilyAnswered> {
  // The same combined search as the results without an answer: one cache entry for both.
  const combined = ops.search.combined(input);
  const asked: AnswerInput = {
    question: body.query,
    sources: combined.sources as AnswerInput['sources'],
    search: combined.search,
    pages: Math.min(TAVILY_ANSWER_PAGES[depth], input.limit),
  };
  const answer = await ops.answers.run(caller, asked);
  const { hits } = hitsOf(answer.searched, input.vertical);
  // `[n]` names the n-th page given to the model; Tavily lists results, so it becomes that page's place among them.
  const place = (n: number) => {
    const url = answer.sources.find((source) => source.n === n)?.url;
    const index = hits.findIndex((hit) => hit.url === url);
    return index < 0 ? undefined : index + 1;
  };
  return { answer: rewriteMarkers(answer.answer, place), hits, charged: answer.usage.credits_used };
}

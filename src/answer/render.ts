/** The REST answer (shape B) and its stream's events, from the use case's `Answer`. */
import type { Answer, AnswerInput, AnswerSource } from '../use-cases/answer.js';
import type { AnswerResponse } from './schemas.js';

export function renderAnswer(answer: Answer, input: AnswerInput): AnswerResponse {
  const { search } = input;
  return {
    success: true,
    data: {
      answer: answer.answer,
      citations: answer.citations,
      sources: answer.sources,
      searchParameters: {
        q: search.q,
        gl: search.country,
        ...(search.lang === undefined ? {} : { hl: search.lang }),
        ...(search.location === undefined ? {} : { location: search.location }),
        ...(search.tbs === undefined ? {} : { tbs: search.tbs }),
        sources: [...input.sources],
        limit: input.pages,
        engine: answer.engine,
        model: answer.model,
      },
      ...(answer.warnings.length === 0 ? {} : { warnings: answer.warnings }),
    },
    usage: answer.usage,
  };
}

/** The stream's events, each one `data:` line of JSON with a `type`. */
export const answerEvents = {
  sources: (sources: readonly AnswerSource[]) => JSON.stringify({ type: 'sources', sources }),
  token: (text: string) => JSON.stringify({ type: 'token', text }),
  done: (answer: Answer, input: AnswerInput) => JSON.stringify({ type: 'done', ...renderAnswer(answer, input) }),
  error: (message: string) => JSON.stringify({ type: 'error', error: message }),
};

import { Type } from '@sinclair/typebox';
import { createSseWriter, ChatNotConfiguredError } from '../chat/index.js';
import { type Metering, meteredErrorResponses } from '../credits/index.js';
import type { App } from '../http/server.js';
import { ServerError } from '../http/schema.js';
import { checkSearchFields, resolveCombinedRequest } from '../search/index.js';
import type { AnswerInput, AnswerUseCase } from '../use-cases/answer.js';
import { answerEvents, renderAnswer } from './render.js';
import { AnswerRequest, AnswerResponse } from './schemas.js';
import { ANSWER_LIMITS } from './limits.js';

export interface AnswerRouteDeps {
  readonly answers: AnswerUseCase;
  readonly metering: Metering;
  /** Whether a chat model is configured: without one the route answers 503 before judging the body. */
  readonly chatConfigured: boolean;
}

/** The use case's input from a valid body. */
export function answerInput(body: AnswerRequest): AnswerInput {
  const { sources, search } = resolveCombinedRequest({ ...body, sources: body.sources ?? ['web'] });
  return {
    question: body.query,
    sources: sources as AnswerInput['sources'],
    search,
    pages: body.limit ?? ANSWER_LIMITS.defaultPages,
    model: body.model,
    maxTokens: body.max_tokens,
  };
}

/**
 * `POST /api/v1/answer`: search → read the top pages → rank their passages → ask the model →
 * check its citations. One metered call: the search, the pages and the model's tokens, each in
 * `usage`; nothing is charged when no answer comes.
 */
export function registerAnswerRoutes(app: App, deps: AnswerRouteDeps): void {
  const { answers, metering } = deps;
  const requireChat = async () => {
    if (!deps.chatConfigured) throw new ChatNotConfiguredError();
  };
  app.post(
    '/api/v1/answer',
    {
      onRequest: [...metering.hooks.onRequest, requireChat],
      preValidation: metering.hooks.preValidation,
      schema: {
        tags: ['answer'],
        security: [{ ApiKeyAuth: [] }],
        summary: 'Answer a question from the web, with numbered sources',
        description:
          'Searches, reads the top `limit` pages (each as a scrape, through the scrape cache), gives the passages that best match the question to the model, ' +
          'and checks the answer: a marker `[n]` naming no source given is removed with a warning, and each cited source comes with the passage it was given, verbatim. ' +
          'Charged the search, the pages read and the model tokens (`usage` lists each); nothing when the search finds nothing (422), every page fails (502) or the model fails. ' +
          'With `stream: true`: Server-Sent Events, each a JSON `data:` line with a `type`: `sources` first, then `token`s, then `done` (the whole answer, as without streaming) or `error`.',
        body: Type.Ref(AnswerRequest),
        response: { 200: Type.Ref(AnswerResponse), ...meteredErrorResponses, 422: Type.Ref(ServerError) },
      },
    },
    async (request, reply) => {
      checkSearchFields(request.body, { field: 'query', text: request.body.query });
      const input = answerInput(request.body);
      const caller = metering.callerOf(request, reply);
      if (request.body.stream !== true) {
        const answer = await answers.run(caller, input);
        reply.header('x-credits-used', answer.usage.credits_used);
        reply.header('x-credits-remaining', answer.usage.credits_remaining);
        return renderAnswer(answer, input);
      }
      const writer = createSseWriter(reply.raw, { headers: { 'x-request-id': String(request.id) } });
      // Resolves at the model's first output: a failure before it still gets a JSON error status.
      const streamed = await answers.stream(caller, input);
      reply.hijack();
      try {
        await writer.send(answerEvents.sources(streamed.sources));
        for await (const event of streamed.events) {
          const sent = await writer.send(event.type === 'token' ? answerEvents.token(event.text) : answerEvents.done(event.answer, input));
          // The reader left: stop the model (what it produced so far is charged, as with chat).
          if (!sent) break;
        }
      } catch (error) {
        request.log.error({ err: error }, 'answer stream failed');
        await writer.send(answerEvents.error('The model stopped before the answer was complete.'));
      } finally {
        writer.end();
      }
      return reply;
    },
  );
}

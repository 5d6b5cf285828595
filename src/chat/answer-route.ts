/**
 * `POST /api/v1/chat/completions` with `model: "quarry-answer"` (or the models file's
 * `answer_model`): the last user message answered from the web by the answer use case, which
 * holds, charges and releases the search, the pages and the model's tokens itself (ledger
 * endpoint `answer`). Errors take the route's OpenAI shape; a failure before the first token is a
 * JSON error status, one after it an error event.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metering } from '../credits/index.js';
import { ANSWER_LIMITS } from '../answer/index.js';
import type { AnswerUseCase } from '../use-cases/answer.js';
import { readAnswerRequest } from './answer-request.js';
import { answerChunks, answerCompletionBody, finishReasonOf } from './answer-response.js';
import type { OpenAIChatRequestBody } from './openai-request-schema.js';
import { errorEventData, newCompletionMeta, SSE_DONE } from './response.js';
import type { ChatCompletionResponse } from './schemas.js';
import { createSseWriter } from './sse-writer.js';

/** The model that answers from the web, by the name clients send. */
export interface AnswerModel {
  readonly name: string;
  readonly answers: AnswerUseCase;
}

export async function answerFromWeb(
  request: FastifyRequest,
  reply: FastifyReply,
  body: OpenAIChatRequestBody,
  deps: { model: AnswerModel; metering: Metering; headers: () => Record<string, string> },
): Promise<ChatCompletionResponse | FastifyReply> {
  const { model, metering } = deps;
  const asked = readAnswerRequest(body);
  const maxTokens = asked.input.maxTokens ?? ANSWER_LIMITS.defaultMaxTokens;
  const caller = metering.callerOf(request, reply);
  const meta = newCompletionMeta(model.name);
  if (!asked.stream) {
    const answer = await model.answers.run(caller, asked.input);
    reply.header('x-credits-used', answer.usage.credits_used);
    reply.header('x-credits-remaining', answer.usage.credits_remaining);
    return answerCompletionBody(meta, answer, maxTokens);
  }

  const writer = createSseWriter(reply.raw, { headers: deps.headers() });
  // Resolves at the model's first output: a failure before it still gets a JSON error status (and charges nothing).
  const streamed = await model.answers.stream(caller, asked.input);
  reply.hijack();
  const chunks = answerChunks(meta, streamed.sources, asked.streamUsage);
  try {
    await writer.send(JSON.stringify(chunks.first()));
    for await (const event of streamed.events) {
      if (event.type === 'token') {
        await writer.send(JSON.stringify(chunks.content(event.text)));
        continue;
      }
      await writer.send(JSON.stringify(chunks.last(finishReasonOf(event.answer, maxTokens))));
      if (asked.streamUsage) await writer.send(JSON.stringify(chunks.usage(event.answer)));
      await writer.send(SSE_DONE);
    }
  } catch (error) {
    // The model stopped mid-answer: the use case charged what it wrote; the client reads an error event.
    request.log.error({ err: error }, 'answer stream failed');
    await writer.send(errorEventData(error));
  } finally {
    writer.end();
  }
  return reply;
}

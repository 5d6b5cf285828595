/**
 * What the agent surfaces (Tavily, Exa) run in process: the key checked and throttled once at
 * the surface's edge, then each request's work as ONE metered operation (one hold, one ledger
 * charge) over the search and scrape use cases. No REST call, no second authentication. Errors
 * (domain ones included) reach the surface's one error handler as they are.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Metering } from '../credits/index.js';
import { invalidApiKeyMessage } from '../http/auth.js';
import type { KeyService } from '../keys/index.js';
import type { AnswerUseCase } from '../use-cases/answer.js';
import type { ScrapeUseCase } from '../use-cases/scrape.js';
import type { SearchUseCase } from '../use-cases/search.js';
import { CompatError, MISSING_KEY_MESSAGE } from './compat-error.js';

export interface AgentOps {
  readonly metering: Metering;
  readonly keys: Pick<KeyService, 'authenticate'>;
  readonly search: SearchUseCase;
  readonly scrape: ScrapeUseCase;
  /** Answers from the web (Tavily's `include_answer`, Exa's `/answer`): metered by the use case itself, on `answer`. */
  readonly answers: AnswerUseCase;
  readonly now: () => Date;
}

/** The caller of a surface request presenting `secret`: authenticated, then throttled (ThrottledError: 429 with Retry-After). */
export async function edgeCaller(ops: AgentOps, request: FastifyRequest, reply: FastifyReply, secret: string | undefined): Promise<Caller> {
  if (secret === undefined || secret === '') throw new CompatError(401, MISSING_KEY_MESSAGE);
  const key = await ops.keys.authenticate(secret);
  if (key === undefined) throw new CompatError(401, invalidApiKeyMessage(secret));
  await ops.metering.admit(reply, key);
  return ops.metering.callerOf(request, reply, key);
}

/**
 * What the agent surfaces (Tavily, Exa) run in process: the key checked and throttled once at
 * the surface's edge, then each request's work as ONE metered operation (one hold, one ledger
 * charge) over the search and scrape use cases. No REST call, no second authentication.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Metering } from '../credits/metering.js';
import type { MeteredResult, WorkOutcome } from '../credits/metered.js';
import { INVALID_API_KEY } from '../http/auth.js';
import type { KeyService } from '../keys/service.js';
import type { ScrapeUseCase } from '../use-cases/scrape.js';
import type { SearchUseCase } from '../use-cases/search.js';
import { CompatError, MISSING_KEY_MESSAGE } from './compat-error.js';
import { asCompatError } from './domain-errors.js';

export interface AgentOps {
  readonly metering: Metering;
  readonly keys: Pick<KeyService, 'authenticate'>;
  readonly search: SearchUseCase;
  readonly scrape: ScrapeUseCase;
  readonly now: () => Date;
}

/** The caller of a surface request presenting `secret`: authenticated, then throttled (429 with Retry-After). */
export async function edgeCaller(ops: AgentOps, request: FastifyRequest, reply: FastifyReply, secret: string | undefined): Promise<Caller> {
  if (secret === undefined || secret === '') throw new CompatError(401, MISSING_KEY_MESSAGE);
  const key = await ops.keys.authenticate(secret);
  if (key === undefined) throw new CompatError(401, INVALID_API_KEY);
  try {
    await ops.metering.admit(reply, key);
  } catch (error) {
    throw asCompatError(error);
  }
  return ops.metering.callerOf(request, reply, key);
}

/**
 * One metered operation for the caller: `work` runs inside one hold of `maxCost` and is charged
 * what it reports, once. Domain errors come out as CompatError (the surface writes its shape).
 */
export async function meteredOp<T>(
  ops: AgentOps,
  caller: Caller,
  endpoint: string,
  maxCost: number,
  work: (signal: AbortSignal) => Promise<WorkOutcome<T>>,
  known?: () => Promise<WorkOutcome<T> | undefined>,
): Promise<MeteredResult<T>> {
  try {
    return await ops.metering.meter(caller, endpoint, maxCost, work, known);
  } catch (error) {
    throw asCompatError(error);
  }
}

/**
 * A chat completion as an operation of its own: a prepared conversation (the chat service turns
 * each surface's body into one) answered by the upstream model and charged by its tokens.
 * A whole answer runs under `metered` (hold the worst case, charge the tokens used, nothing when
 * the upstream fails or the caller left); a streamed one holds the same way, and is charged for
 * what it produced when it ends, even when its caller left mid-way.
 */
import { type Caller, InsufficientCreditsError, type MeteredDeps, metered, openHold } from '../credits/index.js';
import type { ChatCompletionResponse, ChatService, PreparedChat, SettleChat } from '../chat/index.js';

/** The ledger's `endpoint` of every chat call (every surface's chat costs the same way). */
export const CHAT_ENDPOINT = 'chat';

export interface ChatUseCaseDeps {
  readonly service: ChatService;
  /** The ledger and how long a hold lives. */
  readonly metering: MeteredDeps;
}

/** A whole answer and what the ledger did with its charge. */
export interface ChatCompletion {
  /** The completion, its usage reporting the credits charged and the balance after them. */
  readonly response: ChatCompletionResponse;
  readonly charged: number;
  readonly balance: number;
}

export function createChatUseCase(deps: ChatUseCaseDeps) {
  const { service } = deps;
  return {
    /**
     * The chat sized to the caller's balance: when Quarry chose `max_tokens` (the client named
     * none) and the balance cannot hold it, the budget shrinks to what the balance pays for after
     * the prompt. A balance that cannot pay for the prompt and one completion token is a 402 that
     * says what the call needed. A chat whose client named `max_tokens` is returned as it is.
     */
    async fitToBalance(caller: Caller, chat: PreparedChat): Promise<PreparedChat> {
      if (chat.maxTokensSource === 'given') return chat;
      const balance = await deps.metering.ledger.balance(caller.accountId);
      const fitted = service.fitBudget(chat, balance);
      if (fitted === undefined) throw new InsufficientCreditsError(balance, chat.neededCredits);
      return fitted;
    },

    /** One whole answer for the caller: UpstreamError (nothing charged) when the upstream fails. */
    async complete(caller: Caller, chat: PreparedChat): Promise<ChatCompletion> {
      const done = await saying(chat, () =>
        metered(deps.metering, caller, CHAT_ENDPOINT, chat.holdCredits, async (signal) => {
          const finished = await service.answer(chat, signal);
          return { body: finished, cost: finished.charge.credits };
        }),
      );
      const response = done.body.body({ creditsUsed: done.charged, creditsRemaining: done.balance });
      return { response, charged: done.charged, balance: done.balance };
    },

    /**
     * A streamed answer for the caller: resolves at the upstream's first output (an upstream that
     * fails before it rejects with UpstreamError, and nothing is charged) with the SSE `data`
     * payloads, which must be read to their end (see `ChatService.startStream`); they settle the
     * hold once. `delivery` aborts when the stream's reader went away.
     */
    async stream(caller: Caller, chat: PreparedChat, delivery: AbortSignal): Promise<AsyncIterable<string>> {
      const hold = await saying(chat, () => openHold(deps.metering, caller, CHAT_ENDPOINT, chat.holdCredits));
      const settle: SettleChat = async (charge) => {
        const { charged, balance } = await hold.settle(charge.credits);
        return { creditsUsed: charged, creditsRemaining: balance };
      };
      try {
        return await service.startStream(chat, { settle, signal: AbortSignal.any([caller.signal, delivery]) });
      } catch (error) {
        await hold.release();
        throw error;
      }
    },
  };
}

export type ChatUseCase = ReturnType<typeof createChatUseCase>;

/**
 * Runs `work` (whose hold is the only debit that can be refused) so that a refused hold says what
 * the call needed. One hold per call, whichever model of the chain answers: it covers the dearest.
 */
async function saying<T>(chat: PreparedChat, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientCreditsError && error.creditsNeeded === undefined) {
      throw new InsufficientCreditsError(error.creditsRemaining, chat.neededCredits);
    }
    throw error;
  }
}

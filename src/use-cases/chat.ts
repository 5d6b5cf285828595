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
  /** The chat as it ran: its `max_tokens` may have shrunk to fit the balance. */
  readonly chat: PreparedChat;
}

/** A streamed answer and the chat it runs (its `max_tokens` may have shrunk to fit the balance). */
export interface ChatStream {
  readonly events: AsyncIterable<string>;
  readonly chat: PreparedChat;
}

/** Times a hold is tried: as asked, fitted to the balance, and once more when a concurrent spend shrank it meanwhile. */
const HOLD_ATTEMPTS = 3;

export function createChatUseCase(deps: ChatUseCaseDeps) {
  const { service } = deps;

  /**
   * Runs `held` (whose hold is the only debit that can be refused) for `chat`. When Quarry chose
   * the chat's `max_tokens` (the client named none) and the balance cannot hold it, the budget
   * shrinks to what the balance left pays for after the prompt, and the hold is tried again: a
   * funded account pays no balance read, and a spend elsewhere between a refusal and the next try
   * only shrinks the budget once more. A chat whose client named `max_tokens` runs as it is. A
   * balance that cannot pay for the prompt and one completion token is a 402 that says what the
   * call needed.
   */
  async function fitted<T>(chat: PreparedChat, held: (chat: PreparedChat) => Promise<T>): Promise<{ result: T; chat: PreparedChat }> {
    let current = chat;
    for (let attempt = 1; ; attempt++) {
      try {
        return { result: await held(current), chat: current };
      } catch (error) {
        if (!(error instanceof InsufficientCreditsError)) throw error;
        const smaller = current.maxTokensSource === 'chosen' && attempt < HOLD_ATTEMPTS ? service.fitBudget(current, error.creditsRemaining) : undefined;
        // Nothing smaller fits: the 402 says what the call needed (one hold, whichever model of the chain answers: it covers the dearest).
        if (smaller === undefined || smaller.holdCredits >= current.holdCredits) throw new InsufficientCreditsError(error.creditsRemaining, chat.neededCredits);
        current = smaller;
      }
    }
  }

  return {
    /** One whole answer for the caller: UpstreamError (nothing charged) when the upstream fails. */
    async complete(caller: Caller, chat: PreparedChat): Promise<ChatCompletion> {
      const { result: done, chat: ran } = await fitted(chat, (sized) =>
        metered(deps.metering, caller, CHAT_ENDPOINT, sized.holdCredits, async (signal) => {
          const finished = await service.answer(sized, signal);
          return { body: finished, cost: finished.charge.credits };
        }),
      );
      const response = done.body.body({ creditsUsed: done.charged, creditsRemaining: done.balance });
      return { response, charged: done.charged, balance: done.balance, chat: ran };
    },

    /**
     * A streamed answer for the caller: resolves at the upstream's first output (an upstream that
     * fails before it rejects with UpstreamError, and nothing is charged) with the SSE `data`
     * payloads, which must be read to their end (see `ChatService.startStream`); they settle the
     * hold once. `delivery` aborts when the stream's reader went away.
     */
    async stream(caller: Caller, chat: PreparedChat, delivery: AbortSignal): Promise<ChatStream> {
      const { result: hold, chat: ran } = await fitted(chat, (sized) => openHold(deps.metering, caller, CHAT_ENDPOINT, sized.holdCredits));
      const settle: SettleChat = async (charge) => {
        const { charged, balance } = await hold.settle(charge.credits);
        return { creditsUsed: charged, creditsRemaining: balance };
      };
      try {
        return { events: await service.startStream(ran, { settle, signal: AbortSignal.any([caller.signal, delivery]) }), chat: ran };
      } catch (error) {
        await hold.release();
        throw error;
      }
    },
  };
}

export type ChatUseCase = ReturnType<typeof createChatUseCase>;

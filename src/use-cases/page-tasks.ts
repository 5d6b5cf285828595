/**
 * A page scraped, then given to a model for what the caller asked of it (src/extraction): JSON
 * extracted by schema and/or prompt, a summary, or the answer to a question. One metered
 * operation for the surfaces that offer these formats (`POST /api/v1/scrape/`, Firecrawl's scrape).
 *
 * Metering, as the answer's (src/use-cases/answer.ts): a hold of the page at its dearest, then a
 * hold of each model call's worst case once its prompt is known. All are settled together when the
 * model answered; all are released when anything failed (the page, or the model: a model failure
 * charges nothing). An extraction whose reply still fails validation after its one retry charges
 * the model's tokens of both tries and not the page, and answers ExtractionFailedError.
 */
import { choosePassages, cutPassages, rankPassages } from '../answer/index.js';
import { ChatNotConfiguredError, type ChatService, type PreparedChat, type UpstreamMessage } from '../chat/index.js';
import { type Caller, InsufficientCreditsError, type MeteredDeps, openHold, type OpenHold, type WorkOutcome } from '../credits/index.js';
import { ExtractionFailedError, fitContent, objectProblems, readJsonReply, type JsonTask, type PageTask } from '../extraction/index.js';
import { extractJsonMessages, extractJsonRetryMessages, questionMessages, summaryMessages, type PromptPage } from '../prompts/index.js';

export const PAGE_TASK_LIMITS = {
  /** Tokens of the page's content given to the model for a summary or an extraction. */
  contentTokens: 6000,
  /** Tokens of passages given to the model for a question. */
  questionTokens: 3000,
  /** Completion budgets (the holds are sized by them). */
  jsonMaxTokens: 2048,
  summaryMaxTokens: 1024,
  answerMaxTokens: 1024,
} as const;

/** What the model is shown of the page. */
export interface PageForModel {
  readonly url: string;
  readonly title?: string | undefined;
  /** The main content, as Markdown. */
  readonly markdown: string;
}

export interface PageTasksInput<P> {
  /** The ledger's `endpoint` of the whole operation (the surface's scrape endpoint). */
  readonly endpoint: string;
  /** A chat model id; default: the default model. */
  readonly model?: string | undefined;
  /** At most one task of each kind. */
  readonly tasks: readonly PageTask[];
  /** The page: the most it can cost, how to get it (a step of metered work) and what of it the model reads. */
  readonly page: {
    readonly maxCost: number;
    run(signal: AbortSignal): Promise<WorkOutcome<P>>;
    content(page: P): PageForModel;
  };
}

export interface PageTasksResult<P> {
  readonly page: P;
  /** The extracted object, for a `json` task. */
  readonly json?: unknown;
  readonly summary?: string;
  /** The answer to a `question` task. */
  readonly answer?: string;
  /** What the model was not shown (a page cut to fit). */
  readonly warnings: string[];
  readonly model: string;
  readonly usage: {
    /** Credits of the page. */
    readonly page: number;
    /** Credits of the model's tokens, every call together. */
    readonly chat: number;
    readonly promptTokens: number;
    readonly completionTokens: number;
  };
  /** Credits charged, and the balance after. */
  readonly charged: number;
  readonly balance: number;
}

export interface PageTasksDeps {
  /** Undefined when no model is configured: the tasks are refused (503). */
  readonly chat: ChatService | undefined;
  readonly metering: MeteredDeps;
}

/** A finished model call: what it cost, its hold, its reply. */
interface Call {
  readonly hold: OpenHold;
  readonly credits: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly text: string;
}

/**
 * No `response_format` is sent. Self-hosted OpenAI-compatible servers differ: some ignore it,
 * some refuse `json_schema` (or `json_object`) with a 400, some constrain decoding in ways that
 * break on a strict schema (Firecrawl's self-hosters report extraction broken against Ollama for
 * this). The prompt carries the schema, the reply is read leniently (a fence, a sentence around
 * the object), and validation with one retry naming the errors does the rest, the same on every server.
 */
const NO_RESPONSE_FORMAT = undefined;

export function createPageTasksUseCase(deps: PageTasksDeps) {
  function chatService(): ChatService {
    if (deps.chat === undefined) throw new ChatNotConfiguredError();
    return deps.chat;
  }

  return {
    /** Refuses what no page can change, before anything is held: no model configured (503), an unknown model (400 `model`). */
    check(model: string | undefined): void {
      chatService().models.resolve(model);
    },

    async run<P>(caller: Caller, input: PageTasksInput<P>): Promise<PageTasksResult<P>> {
      const chat = chatService();
      const modelId = chat.models.resolve(input.model).id;
      const pageHold = await openHold(deps.metering, caller, input.endpoint, input.page.maxCost);
      const calls: Call[] = [];
      const releaseAll = () => Promise.all([pageHold.release(), ...calls.map((call) => call.hold.release())]);

      /** One model call inside a hold of its worst case; the hold joins `calls` once the model answered. */
      async function ask(prepared: PreparedChat, spentBefore: number): Promise<Call> {
        const hold = await openHold(deps.metering, caller, input.endpoint, prepared.holdCredits).catch((error: unknown) => {
          throw error instanceof InsufficientCreditsError && error.creditsNeeded === undefined
            ? new InsufficientCreditsError(error.creditsRemaining, spentBefore + prepared.holdCredits)
            : error;
        });
        try {
          const completion = await chat.answer(prepared, caller.signal);
          const call = { hold, text: completion.text, ...completion.charge };
          calls.push(call);
          return call;
        } catch (error) {
          await hold.release();
          throw error;
        }
      }

      let page: WorkOutcome<P>;
      const outcome: { json?: unknown; summary?: string; answer?: string; failed?: readonly string[] } = {};
      const warnings: string[] = [];
      try {
        page = await input.page.run(caller.signal);
        const shown = input.page.content(page.body);
        const spent = () => input.page.maxCost + calls.reduce((sum, call) => sum + call.credits, 0);
        const prepare = (messages: UpstreamMessage[], maxTokens: number) =>
          chat.prepareTask({ model: input.model, messages, maxTokens, responseFormat: NO_RESPONSE_FORMAT });
        const fitted = () => {
          const fit = fitContent(shown.markdown, PAGE_TASK_LIMITS.contentTokens, (text) => chat.countTokens(text));
          if (fit.cut) warnings.push(`The page's content was cut to its first ${PAGE_TASK_LIMITS.contentTokens} tokens for the model.`);
          return { url: shown.url, title: shown.title, content: fit.text } satisfies PromptPage;
        };
        // Sequential: one call's hold at a time, and a fixed order of calls.
        for (const task of input.tasks) {
          switch (task.kind) {
            case 'json': {
              const extracted = await extract(task, fitted(), prepare, (prepared) => ask(prepared, spent()));
              if ('problems' in extracted) outcome.failed = extracted.problems;
              else outcome.json = extracted.value;
              break;
            }
            case 'summary':
              outcome.summary = (await ask(prepare(summaryMessages(fitted()), PAGE_TASK_LIMITS.summaryMaxTokens), spent())).text.trim();
              break;
            case 'question': {
              const passages = questionPassages(task.question, shown, (text) => chat.countTokens(text));
              const messages = questionMessages(task.question, { url: shown.url, title: shown.title ?? shown.url, passages });
              outcome.answer = (await ask(prepare(messages, PAGE_TASK_LIMITS.answerMaxTokens), spent())).text.trim();
              break;
            }
          }
        }
      } catch (error) {
        await releaseAll();
        throw error;
      }

      const chatCredits = calls.reduce((sum, call) => sum + call.credits, 0);
      // The model did the work asked of it, the page did not give what was asked: the page is not charged.
      // Its hold goes first, so that the last settle's balance is the one left.
      if (outcome.failed !== undefined) await pageHold.release();
      let charged = 0;
      let balance = 0;
      for (const call of calls) ({ charged, balance } = await accumulate(call.hold.settle(call.credits), charged));
      if (outcome.failed !== undefined) throw new ExtractionFailedError(outcome.failed, charged, balance);
      ({ charged, balance } = await accumulate(pageHold.settle(page.cost), charged));
      return {
        page: page.body,
        ...(outcome.json === undefined ? {} : { json: outcome.json }),
        ...(outcome.summary === undefined ? {} : { summary: outcome.summary }),
        ...(outcome.answer === undefined ? {} : { answer: outcome.answer }),
        warnings,
        model: modelId,
        usage: {
          page: page.cost,
          chat: chatCredits,
          promptTokens: calls.reduce((sum, call) => sum + call.promptTokens, 0),
          completionTokens: calls.reduce((sum, call) => sum + call.completionTokens, 0),
        },
        charged,
        balance,
      };
    },
  };
}

export type PageTasksUseCase = ReturnType<typeof createPageTasksUseCase>;

async function accumulate(settling: Promise<{ charged: number; balance: number }>, before: number) {
  const settled = await settling;
  return { charged: before + settled.charged, balance: settled.balance };
}

/**
 * The JSON task: ask, read the reply as JSON, validate it (against the schema, or as any object);
 * when it fails, ask once more naming the errors. Resolves with the value, or with the problems
 * of the second reply.
 */
async function extract(
  task: JsonTask,
  page: PromptPage,
  prepare: (messages: UpstreamMessage[], maxTokens: number) => PreparedChat,
  ask: (prepared: PreparedChat) => Promise<Call>,
): Promise<{ value: unknown } | { problems: readonly string[] }> {
  const check = (text: string): { value: unknown } | { problems: string[] } => {
    const read = readJsonReply(text);
    if ('problem' in read) return { problems: [read.problem] };
    const problems = task.schema === undefined ? objectProblems(read.value) : task.schema.problems(read.value);
    return problems.length === 0 ? { value: read.value } : { problems };
  };
  const messages = extractJsonMessages(page, { schema: task.schema?.schema, prompt: task.prompt });
  const first = await ask(prepare(messages, PAGE_TASK_LIMITS.jsonMaxTokens));
  const checked = check(first.text);
  if ('value' in checked) return checked;
  const second = await ask(prepare(extractJsonRetryMessages(messages, first.text, checked.problems), PAGE_TASK_LIMITS.jsonMaxTokens));
  return check(second.text);
}

/** The page's passages that best match the question, within the budget, in page order. */
function questionPassages(question: string, page: PageForModel, countTokens: (text: string) => number): string[] {
  const read = { n: 1, url: page.url, title: page.title ?? page.url, passages: cutPassages(page.markdown) };
  const chosen = choosePassages(rankPassages(question, [read]), {
    budgetTokens: PAGE_TASK_LIMITS.questionTokens,
    perPage: Number.MAX_SAFE_INTEGER,
    countTokens,
  });
  return chosen.sort((a, b) => a.passage.index - b.passage.index).map((unit) => unit.passage.text);
}

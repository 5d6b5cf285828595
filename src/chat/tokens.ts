/**
 * Token counting for metering and holds, with gpt-tokenizer (same ids as tiktoken).
 *
 * Which encoding approximates which upstream:
 * - `o200k_base`: exact for GPT-4o, GPT-4.1, o1/o3/o4 and GPT-5 families. The default, and
 *   the closer of the two for modern non-OpenAI models (Llama 3, Mistral, Qwen, Gemini,
 *   Claude through OpenRouter/LiteLLM), whose own tokenizers usually land within ~10–25%.
 * - `cl100k_base`: exact for GPT-4, GPT-4-turbo and GPT-3.5-turbo.
 * Local counts are only a fallback: when the upstream reports `usage`, that is what we charge.
 */
export type TokenEncodingName = 'o200k_base' | 'cl100k_base';

export interface TokenCounterOptions {
  /** Default `o200k_base`. */
  encoding?: TokenEncodingName;
}

export interface CountableMessage {
  role: string;
  content: string;
}

/**
 * Counts tokens. Implementations must be deterministic (same text, same count), must not
 * throw on any string (special-token text such as `<|endoftext|>` counts as plain text),
 * and must count a message list with OpenAI's chat overhead (see `countPrompt`).
 */
export interface TokenCounter {
  readonly encoding: TokenEncodingName;
  /** Tokens of a bare text, e.g. a completion. */
  countText(text: string): number;
  /**
   * Prompt tokens of a conversation, by OpenAI's convention for current chat models:
   * 3 tokens of framing per message (`<|start|>{role}<|message|>…<|end|>` minus the role)
   * plus its role and content, plus 3 tokens priming the assistant's reply.
   */
  countPrompt(messages: readonly CountableMessage[]): number;
}

export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PRIMING_REPLY = 3;

// User text is data, never control tokens: encode special-token look-alikes as text.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Loads the encoding's ranks (tens of ms, once) and returns a counter. */
export async function createTokenCounter(options: TokenCounterOptions = {}): Promise<TokenCounter> {
  const encoding = options.encoding ?? 'o200k_base';
  const tokenizer = encoding === 'o200k_base' ? await import('gpt-tokenizer/encoding/o200k_base') : await import('gpt-tokenizer/encoding/cl100k_base');

  const countExact = (text: string): number => (text.length === 0 ? 0 : tokenizer.countTokens(text, PLAIN_TEXT));
  const countText = (text: string): number => countInPieces(text, countExact);

  return {
    encoding,
    countText,
    countPrompt(messages) {
      let total = TOKENS_PRIMING_REPLY;
      for (const message of messages) {
        total += TOKENS_PER_MESSAGE + countText(message.role) + countText(message.content);
      }
      return total;
    },
  };
}

/**
 * Runs longer than this (of whitespace, or of anything else) are counted in slices of this
 * many characters. BPE merging is quadratic in the length of one pre-tokenized word: 50,000
 * letters without a space take seconds (a CJK run a minute), so a single request could
 * stall the event loop. Slicing makes the cost linear; each cut may add a token, which
 * for such runs (base64, long CJK text, repeated characters) is an error of a few percent.
 */
export const LONG_RUN_SLICE = 64;
const LONG_RUN = new RegExp(`\\S{${LONG_RUN_SLICE + 1},}|\\s{${LONG_RUN_SLICE + 1},}`, 'gu');

/** Ordinary text goes to `count` whole (exact); long runs, and the text between them, separately. */
function countInPieces(text: string, count: (piece: string) => number): number {
  LONG_RUN.lastIndex = 0;
  let match = LONG_RUN.exec(text);
  if (match === null) return count(text);
  let total = 0;
  let start = 0;
  for (; match !== null; match = LONG_RUN.exec(text)) {
    total += count(text.slice(start, match.index));
    for (const slice of slices(match[0], LONG_RUN_SLICE)) total += count(slice);
    start = match.index + match[0].length;
  }
  return total + count(text.slice(start));
}

/** Cuts `run` into pieces of `size` UTF-16 units, never between the halves of a surrogate pair. */
function* slices(run: string, size: number): Generator<string> {
  for (let start = 0; start < run.length;) {
    let end = Math.min(run.length, start + size);
    const code = run.charCodeAt(end - 1);
    if (end < run.length && code >= 0xd800 && code <= 0xdbff) end += 1;
    yield run.slice(start, end);
    start = end;
  }
}

import { ChatConfigError } from './errors.js';

/** Credits charged per 1,000 tokens; fractions allowed (micro-credit precision). */
export interface ChatPrices {
  promptPer1k: number;
  completionPer1k: number;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

// Prices become integers of this many units per credit, so that the sum is exact:
// 30,000 tokens at 0.1/1k must cost 3 credits, not ceil(3.0000000000000004) = 4.
const UNITS_PER_CREDIT = 1_000_000;

/** Throws `ChatConfigError` unless both prices are finite and not negative. */
export function assertValidPrices(prices: ChatPrices): void {
  for (const [name, value] of Object.entries(prices)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new ChatConfigError(`Chat price ${name} must be a finite number >= 0, got ${String(value)}.`);
    }
  }
}

/** Credits for a finished call: the token cost rounded up, and never less than 1. */
export function chatCredits(usage: TokenUsage, prices: ChatPrices): number {
  assertValidPrices(prices);
  const prompt = wholeTokens(usage.promptTokens, 'promptTokens');
  const completion = wholeTokens(usage.completionTokens, 'completionTokens');
  const units = BigInt(prompt) * priceUnits(prices.promptPer1k) + BigInt(completion) * priceUnits(prices.completionPer1k);
  const per1kCredit = BigInt(1000 * UNITS_PER_CREDIT);
  const credits = (units + per1kCredit - 1n) / per1kCredit;
  return Math.max(1, Number(credits));
}

/** The most a call can cost: the whole prompt plus `maxTokens` of completion. Used for the hold. */
export function worstCaseCredits(promptTokens: number, maxTokens: number, prices: ChatPrices): number {
  return chatCredits({ promptTokens, completionTokens: maxTokens }, prices);
}

function priceUnits(pricePer1k: number): bigint {
  return BigInt(Math.round(pricePer1k * UNITS_PER_CREDIT));
}

function wholeTokens(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    // Token counts come from our own tokenizer or validated upstream usage: a bad one is a bug.
    throw new TypeError(`${name} must be a whole number >= 0, got ${String(value)}.`);
  }
  return value;
}

/**
 * The most completion tokens `balance` credits pay for after a prompt of `promptTokens`, at every
 * one of `prices` (a call held for a chain of models may be answered by any of them): the largest
 * n with `chatCredits({promptTokens, n}) ≤ balance` for each. 0 when not even one token fits;
 * `Infinity` when completions cost nothing.
 */
export function affordableCompletionTokens(promptTokens: number, balance: number, prices: readonly ChatPrices[]): number {
  const prompt = BigInt(wholeTokens(promptTokens, 'promptTokens'));
  // A call costs at least 1 credit, so a balance below 1 pays for nothing.
  if (balance < 1) return 0;
  const budgetUnits = BigInt(Math.floor(balance)) * BigInt(1000 * UNITS_PER_CREDIT);
  let most = Infinity;
  for (const price of prices) {
    assertValidPrices(price);
    const left = budgetUnits - prompt * priceUnits(price.promptPer1k);
    if (left < 0n) return 0;
    const perToken = priceUnits(price.completionPer1k);
    if (perToken > 0n) most = Math.min(most, Number(left / perToken));
  }
  return most;
}

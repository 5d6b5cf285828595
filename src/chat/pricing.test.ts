import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChatConfigError } from './errors.js';
import { affordableCompletionTokens, chatCredits, worstCaseCredits } from './pricing.js';

const prices = { promptPer1k: 1, completionPer1k: 2 };

describe('chatCredits', () => {
  it('charges tokens at the per-1k prices', () => {
    expect(chatCredits({ promptTokens: 1000, completionTokens: 1000 }, prices)).toBe(3);
    expect(chatCredits({ promptTokens: 4000, completionTokens: 500 }, prices)).toBe(5);
  });

  it('rounds any fraction of a credit up', () => {
    expect(chatCredits({ promptTokens: 1001, completionTokens: 0 }, prices)).toBe(2);
    expect(chatCredits({ promptTokens: 0, completionTokens: 501 }, prices)).toBe(2);
  });

  it('charges at least one credit, even for nothing', () => {
    expect(chatCredits({ promptTokens: 0, completionTokens: 0 }, prices)).toBe(1);
    expect(chatCredits({ promptTokens: 1, completionTokens: 1 }, { promptPer1k: 0, completionPer1k: 0 })).toBe(1);
  });

  it('does not turn float noise into an extra credit', () => {
    // 30,000 × 0.1 / 1,000 is 3.0000000000000004 in floating point.
    expect(chatCredits({ promptTokens: 30_000, completionTokens: 0 }, { promptPer1k: 0.1, completionPer1k: 0 })).toBe(3);
    expect(chatCredits({ promptTokens: 7_000, completionTokens: 3_000 }, { promptPer1k: 0.7, completionPer1k: 0.3 })).toBe(6);
  });

  it('is exact integer arithmetic: the ceiling of the true cost', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 2_000_000 }),
        fc.nat({ max: 2_000_000 }),
        fc.nat({ max: 100_000 }),
        fc.nat({ max: 100_000 }),
        (prompt, completion, promptMilli, completionMilli) => {
          const credits = chatCredits(
            { promptTokens: prompt, completionTokens: completion },
            { promptPer1k: promptMilli / 1000, completionPer1k: completionMilli / 1000 },
          );
          // Cost in millionths of a credit, computed with BigInt as the reference.
          const micro = BigInt(prompt) * BigInt(promptMilli) + BigInt(completion) * BigInt(completionMilli);
          const expected = (micro + 999_999n) / 1_000_000n;
          expect(credits).toBe(Math.max(1, Number(expected)));
        },
      ),
    );
  });

  it('never charges less for more tokens', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 100_000 }), fc.nat({ max: 1000 }), (p, c, extra) => {
        expect(chatCredits({ promptTokens: p + extra, completionTokens: c }, prices)).toBeGreaterThanOrEqual(
          chatCredits({ promptTokens: p, completionTokens: c }, prices),
        );
      }),
    );
  });

  it('refuses negative or non-finite prices as a configuration error', () => {
    expect(() => chatCredits({ promptTokens: 1, completionTokens: 1 }, { promptPer1k: -1, completionPer1k: 1 })).toThrow(ChatConfigError);
    expect(() => chatCredits({ promptTokens: 1, completionTokens: 1 }, { promptPer1k: 1, completionPer1k: Number.NaN })).toThrow(ChatConfigError);
  });

  it('refuses token counts that are not whole numbers', () => {
    expect(() => chatCredits({ promptTokens: 1.5, completionTokens: 0 }, prices)).toThrow(TypeError);
    expect(() => chatCredits({ promptTokens: -1, completionTokens: 0 }, prices)).toThrow(TypeError);
  });
});

describe('worstCaseCredits', () => {
  it('holds the whole prompt plus max_tokens of completion', () => {
    expect(worstCaseCredits(1000, 4096, prices)).toBe(chatCredits({ promptTokens: 1000, completionTokens: 4096 }, prices));
    expect(worstCaseCredits(1000, 4096, prices)).toBe(10);
  });

  it('is never below what the call can then be charged', () => {
    fc.assert(
      fc.property(fc.nat({ max: 200_000 }), fc.integer({ min: 1, max: 16_384 }), fc.nat(), (prompt, max, seed) => {
        const completion = seed % (max + 1);
        expect(worstCaseCredits(prompt, max, prices)).toBeGreaterThanOrEqual(chatCredits({ promptTokens: prompt, completionTokens: completion }, prices));
      }),
    );
  });
});

describe('affordableCompletionTokens', () => {
  it('is the most completion tokens the balance pays for after the prompt, at every price of a chain', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.record({ promptPer1k: fc.integer({ min: 0, max: 5000 }), completionPer1k: fc.integer({ min: 1, max: 5000 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        (promptTokens, balance, prices) => {
          const most = affordableCompletionTokens(promptTokens, balance, prices);
          const cost = (completionTokens: number) => Math.max(...prices.map((price) => chatCredits({ promptTokens, completionTokens }, price)));
          if (most >= 1) expect(cost(most)).toBeLessThanOrEqual(balance);
          expect(cost(most + 1)).toBeGreaterThan(balance);
        },
      ),
    );
  });

  it('is 0 when the prompt alone costs more than the balance, and unbounded for free completions', () => {
    expect(affordableCompletionTokens(5000, 3, [{ promptPer1k: 1000, completionPer1k: 1 }])).toBe(0);
    expect(affordableCompletionTokens(10, 0, [{ promptPer1k: 1, completionPer1k: 1 }])).toBe(0);
    expect(affordableCompletionTokens(10, 3, [{ promptPer1k: 1, completionPer1k: 0 }])).toBe(Infinity);
    // The case: 3 credits at 1 credit per 1,000 tokens and a prompt of 8 tokens.
    expect(affordableCompletionTokens(8, 3, [{ promptPer1k: 1, completionPer1k: 1 }])).toBe(2992);
  });
});

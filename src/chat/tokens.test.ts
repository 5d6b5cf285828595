import fc from 'fast-check';
import { encodeChat as encodeChatGpt4o } from 'gpt-tokenizer/model/gpt-4o';
import { encodeChat as encodeChatGpt4 } from 'gpt-tokenizer/model/gpt-4';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenCounter, type TokenCounter } from './tokens.js';

const conversation = [
  { role: 'system', content: 'You are a terse assistant.' },
  { role: 'user', content: 'What is the capital of France? Answer in one word.' },
  { role: 'assistant', content: 'Paris.' },
  { role: 'user', content: 'And of Germany — and why? Ünïcödé, 日本語, emoji 🚀.' },
] as const;

let o200k: TokenCounter;
let cl100k: TokenCounter;

beforeAll(async () => {
  o200k = await createTokenCounter();
  cl100k = await createTokenCounter({ encoding: 'cl100k_base' });
});

describe('countPrompt', () => {
  it('matches the token count of the chat as OpenAI frames it (o200k, GPT-4o)', () => {
    expect(o200k.encoding).toBe('o200k_base');
    expect(o200k.countPrompt(conversation)).toBe(encodeChatGpt4o([...conversation]).length);
  });

  it('matches the token count of the chat as OpenAI frames it (cl100k, GPT-4)', () => {
    expect(cl100k.countPrompt(conversation)).toBe(encodeChatGpt4([...conversation]).length);
  });

  it('adds 3 tokens per message plus its role, and 3 for the reply', () => {
    const one = [{ role: 'user', content: 'hello world' }];
    expect(o200k.countPrompt(one)).toBe(3 + 1 + o200k.countText('hello world') + 3);
    expect(o200k.countPrompt([...one, ...one])).toBe(o200k.countPrompt(one) + 3 + 1 + o200k.countText('hello world'));
  });
});

describe('countText', () => {
  it('counts an empty text as zero tokens', () => {
    expect(o200k.countText('')).toBe(0);
  });

  it('counts special-token look-alikes as plain text instead of throwing', () => {
    expect(o200k.countText('hi <|endoftext|> there')).toBeGreaterThan(3);
    expect(cl100k.countText('<|im_start|>system')).toBeGreaterThan(2);
  });

  it('is stable: the same text always gives the same count', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(o200k.countText(text)).toBe(o200k.countText(text));
      }),
    );
  });

  it('counts between one token and one token per UTF-8 byte for any non-empty text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }), (text) => {
        const tokens = o200k.countText(text);
        expect(tokens).toBeGreaterThanOrEqual(1);
        expect(tokens).toBeLessThanOrEqual(Buffer.byteLength(text));
      }),
    );
  });

  it('counts 1 MB of varied prose in well under a second', () => {
    const words = ['quarry', 'search', 'the', 'of', 'Gateway', 'tokens,', 'naïve', '42', 'résumé', 'self-hosted.'];
    let seed = 7;
    const parts: string[] = [];
    for (let size = 0; size < 1_000_000;) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const word = words[seed % words.length] ?? '';
      parts.push(word);
      size += word.length + 1;
    }
    const text = parts.join(' ');
    const started = performance.now();
    const tokens = o200k.countText(text);
    const elapsed = performance.now() - started;
    expect(tokens).toBeGreaterThan(100_000);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('counts a 50,000-character run without spaces quickly (BPE is quadratic in one word)', () => {
    for (const run of ['x'.repeat(50_000), '中'.repeat(50_000), '7'.repeat(50_000), ' '.repeat(50_000), '🚀'.repeat(25_000)]) {
      const started = performance.now();
      const tokens = o200k.countText(run);
      expect(performance.now() - started).toBeLessThan(300);
      expect(tokens).toBeGreaterThanOrEqual(1);
      expect(tokens).toBeLessThanOrEqual(Buffer.byteLength(run));
    }
  });

  it('stays within a few percent of the exact count on long runs, and exact on ordinary text', async () => {
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const exact = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
    for (const run of ['x'.repeat(3000), 'aGVsbG8gd29ybGQ'.repeat(200), '日本語のテキスト'.repeat(300), '1234567890'.repeat(300)]) {
      const text = `before ${run} after`;
      expect(Math.abs(o200k.countText(text) - exact(text)) / exact(text)).toBeLessThan(0.05);
    }
    const prose = 'An ordinary sentence, with punctuation; and a URL: https://example.com/a/b?c=d. '.repeat(50);
    expect(o200k.countText(prose)).toBe(exact(prose));
  });
});

/**
 * A crawl's includePaths/excludePaths (issue 25, finding 2c): the caller's regular expressions used
 * to run on V8's backtracking engine, and `^/redos/(a+)+$` against a 27-character path held the event
 * loop for 15.8 s, doubling with each character. They now run on RE2, or are refused with a 400.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.js';
import { planCrawl, wanted } from './crawl-plan.js';
import { MAX_COMPILED_SIZE } from './path-patterns.js';
import type { CrawlBody } from './schemas.js';

const SITE = 'https://e.com/';
const plan = (extra: Record<string, unknown>) => planCrawl({ url: SITE, ...extra } as CrawlBody, 100, 0);

function refusal(extra: Record<string, unknown>): { status: number; body: unknown } {
  try {
    plan(extra);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('the plan was accepted');
}

describe('crawl path patterns', () => {
  it('decides the exponential pattern on a 100 000-character path at once', () => {
    const redos = plan({ includePaths: ['^/redos/(a+)+$'] });
    expect(wanted(redos, new URL(`${SITE}redos/${'a'.repeat(40)}!`))).toBe(false);
    expect(wanted(redos, new URL(`${SITE}redos/${'a'.repeat(8_000)}!`))).toBe(false);
    expect(wanted(redos, new URL(`${SITE}redos/${'a'.repeat(40)}`))).toBe(true);
  });

  it('includes, then excludes, on the path or the full URL', () => {
    const blog = plan({ includePaths: ['^/blog/'], excludePaths: ['/drafts?/', '\\.pdf$'] });
    expect(wanted(blog, new URL(`${SITE}blog/post`))).toBe(true);
    expect(wanted(blog, new URL(`${SITE}news/post`))).toBe(false);
    expect(wanted(blog, new URL(`${SITE}blog/draft/x`))).toBe(false);
    expect(wanted(blog, new URL(`${SITE}blog/a.pdf`))).toBe(false);
    const full = plan({ includePaths: ['^https://e\\.com/\\?page=\\d+$'], regexOnFullURL: true });
    expect(wanted(full, new URL(`${SITE}?page=2`))).toBe(true);
    expect(wanted(full, new URL(`${SITE}?page=x`))).toBe(false);
  });

  it('leaves out URLs longer than any Quarry accepts when patterns are given', () => {
    const long = new URL(`${SITE}blog/${'x'.repeat(9_000)}`);
    expect(wanted(plan({ includePaths: ['^/blog/'] }), long)).toBe(false);
    expect(wanted(plan({}), long)).toBe(true);
  });

  it("refuses backreferences and lookaround with a 400 in Firecrawl's shape that names the field and says why", () => {
    for (const [field, pattern] of [
      ['includePaths', '(a)\\1'],
      ['excludePaths', '^/(?!admin)'],
      ['includePaths', '(?<=/)x'],
    ] as const) {
      const { status, body } = refusal({ [field]: [pattern] });
      expect(status).toBe(400);
      expect(body).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        error: expect.stringMatching(
          new RegExp(`^${field}: ".+" uses syntax Quarry does not run .*RE2 in linear time.*no backreferences and no lookahead or lookbehind`),
        ),
      });
    }
  });

  it('refuses what is no regular expression, too many patterns, and patterns too complex to run on every URL', () => {
    expect(refusal({ includePaths: ['[a-'] }).body).toMatchObject({
      error: expect.stringMatching(/^includePaths: "\[a-" is not a valid regular expression \(missing closing \]/),
    });
    expect(refusal({ excludePaths: Array.from({ length: 51 }, () => 'x') }).body).toMatchObject({
      error: expect.stringMatching(/^excludePaths: expected at most 50/),
    });
    expect(refusal({ includePaths: ['x'.repeat(201)] }).body).toMatchObject({ error: expect.stringMatching(/^includePaths: expected at most 50/) });
    expect(refusal({ includePaths: ['[a-z]{1000}'] }).body).toMatchObject({ error: expect.stringMatching(/^includePaths: the path patterns are too complex/) });
    // The budget counts both lists together.
    const half = '[a-z]{' + String(Math.floor(MAX_COMPILED_SIZE / 2)) + '}';
    expect(refusal({ includePaths: [half], excludePaths: [half] }).body).toMatchObject({
      error: expect.stringMatching(/^excludePaths: the path patterns are too complex/),
    });
  });

  it('accepts the patterns Firecrawl users write', () => {
    const patterns = ['^/blog/.*', '^\\/docs\\/', 'products/[0-9]+$', '(?i)/About', '^/(en|de)/', '\\.html?$', '^/a{2,}'];
    expect(plan({ includePaths: patterns }).includePaths).toEqual(patterns);
  });
});

/**
 * A crawl's `includePaths`/`excludePaths`: the caller's regular expressions, run against every
 * crawled URL on the main thread. They run on RE2 (re2js), whose matching never backtracks: time
 * grows with the URL's length times the pattern's compiled size, never exponentially. So a request
 * may not bring more than a fixed compiled size in all, and URLs longer than any Quarry accepts are
 * not matched at all: together they bound the work one crawled page can cost.
 *
 * RE2 has no backreferences and no lookaround; a pattern that needs them is refused with a 400
 * that says so, as is one that is not a regular expression at all.
 */
import { RE2JS } from 're2js';
import { MAX_URL_LENGTH } from '../../scrape/index.js';
import { badRequest } from './errors.js';

// Patterns run on every crawled URL: kept few and short.
const MAX_PATTERNS = 50;
const MAX_PATTERN_LENGTH = 200;
/**
 * Compiled RE2 instructions of all of a crawl's patterns together. Matching costs about this many
 * steps per URL character at worst: with URLs of at most MAX_URL_LENGTH, some 50 ms of a busy
 * machine's time per page. Ordinary patterns compile to 10–40 instructions; what reaches the
 * budget is counted repetition (`[a-z]{500}`) or dozens of long alternations.
 */
export const MAX_COMPILED_SIZE = 1_000;

export interface PathPatterns {
  readonly includePaths: string[];
  readonly excludePaths: string[];
}

/** The request's `includePaths` and `excludePaths`, checked; a refusal's 400 names the field. */
export function checkPathPatterns(includePaths: unknown, excludePaths: unknown): PathPatterns {
  const budget = { used: 0 };
  return { includePaths: checkField(includePaths, 'includePaths', budget), excludePaths: checkField(excludePaths, 'excludePaths', budget) };
}

function checkField(value: unknown, field: string, budget: { used: number }): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_PATTERNS || !value.every((item) => typeof item === 'string' && item.length <= MAX_PATTERN_LENGTH)) {
    throw badRequest(`${field}: expected at most ${MAX_PATTERNS} regular expressions of at most ${MAX_PATTERN_LENGTH} characters`);
  }
  for (const pattern of value as string[]) {
    budget.used += compileChecked(pattern, field).programSize();
    if (budget.used > MAX_COMPILED_SIZE) {
      throw badRequest(
        `${field}: the path patterns are too complex (over ${MAX_COMPILED_SIZE} compiled RE2 instructions with includePaths and excludePaths together); ` +
          'use fewer patterns or smaller counted repetitions such as {n}',
      );
    }
  }
  return value as string[];
}

function compileChecked(pattern: string, field: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    if (!isJavaScriptRegExp(pattern)) throw badRequest(`${field}: "${pattern}" is not a valid regular expression (${why})`);
    throw badRequest(
      `${field}: "${pattern}" uses syntax Quarry does not run (${why}); patterns are matched by RE2 in linear time, ` +
        'which has no backreferences and no lookahead or lookbehind',
    );
  }
}

/** Only decides which refusal to give: the pattern is compiled by V8, never run. */
function isJavaScriptRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

export interface PathFilter {
  /** Whether the URL (or path) passes the include patterns (all of them when none are given) and none of the exclude patterns. */
  passes(target: string): boolean;
}

/** Patterns compiled once per plan: the crawl runner asks about every page with the same plan object. */
const filters = new WeakMap<object, PathFilter>();

export function pathFilter(plan: { readonly includePaths: readonly string[]; readonly excludePaths: readonly string[] }): PathFilter {
  const known = filters.get(plan);
  if (known !== undefined) return known;
  const include = plan.includePaths.map(storedPattern);
  const exclude = plan.excludePaths.map(storedPattern);
  const filter: PathFilter = {
    passes(target) {
      if (include.length === 0 && exclude.length === 0) return true;
      // Longer than any URL Quarry accepts: not matched, so the patterns' cost stays bounded.
      if (target.length > MAX_URL_LENGTH) return false;
      if (include.length > 0 && !include.some((pattern) => pattern !== undefined && pattern.test(target))) return false;
      return !exclude.some((pattern) => pattern !== undefined && pattern.test(target));
    },
  };
  filters.set(plan, filter);
  return filter;
}

/** A plan stored before patterns ran on RE2 may hold one RE2 refuses: it matches no URL. */
function storedPattern(pattern: string): RE2JS | undefined {
  try {
    return RE2JS.compile(pattern);
  } catch {
    return undefined;
  }
}

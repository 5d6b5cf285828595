/**
 * The robots.txt path matcher (issue 25, finding 2d): a site's `Disallow` line used to become a
 * backtracking regular expression, and `/*a*a*a*a*a*a*a*a*a*a*a*a*b` against a path of 40 `a`s ran
 * for minutes. The matcher finds the pieces between the `*`s left to right instead.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRobotsPattern } from './robots-pattern.js';
import { parseRobots } from './robots.js';

const ATTACK_RULE = '/*a*a*a*a*a*a*a*a*a*a*a*a*b';

/** RFC 9309's meaning, spelled out: `*` takes every possible run in turn (exponential, fine for a handful of characters). */
function reference(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const from = (p: number, s: number): boolean => {
    if (p === body.length) return !anchored || s === path.length;
    if (body[p] === '*') {
      for (let rest = s; rest <= path.length; rest++) if (from(p + 1, rest)) return true;
      return false;
    }
    return s < path.length && path[s] === body[p] && from(p + 1, s + 1);
  };
  return from(0, 0);
}

describe('robots.txt path patterns', () => {
  it('matches prefixes, * anywhere and a final $ as RFC 9309 describes', () => {
    const cases: [string, string, boolean][] = [
      ['/private/', '/private/x', true],
      ['/private/', '/privat', false],
      ['/*.pdf$', '/docs/a.pdf', true],
      ['/*.pdf$', '/docs/a.pdf?x=1', false],
      ['/*.pdf', '/docs/a.pdf?x=1', true],
      ['/a*b*c', '/aXbYc/tail', true],
      ['/a*b*c', '/aXcYb', false],
      ['/a$', '/a', true],
      ['/a$', '/ab', false],
      ['/fish*$', '/fish', true],
      ['*', '/anything', true],
      ['/a$b', '/a$b/c', true],
      ['/**x', '/x', true],
    ];
    for (const [pattern, path, expected] of cases) expect(compileRobotsPattern(pattern)(path), `${pattern} on ${path}`).toBe(expected);
  });

  it('decides the attack rule on 40-character and 100 000-character paths at once', () => {
    // The backtracking regular expression took 4.5 s for 30 `a`s and 168 s for 40; this path is far past both.
    const matches = compileRobotsPattern(ATTACK_RULE);
    expect(matches(`/${'a'.repeat(40)}`)).toBe(false);
    expect(matches(`/${'a'.repeat(100_000)}`)).toBe(false);
    expect(matches(`/${'a'.repeat(40)}b`)).toBe(true);
    expect(matches(`/${'a'.repeat(11)}b`)).toBe(false);
  });

  it('gives the same answers as the attack rule through parseRobots', () => {
    const policy = parseRobots(`User-agent: *\nDisallow: ${ATTACK_RULE}\n`, 'QuarryBot/1.0', 'https://e.com');
    expect(policy.allows(`/${'a'.repeat(40)}`)).toBe(true);
    expect(policy.allows(`/${'a'.repeat(40)}b`)).toBe(false);
  });

  it('agrees with the spelled-out definition on small random patterns and paths', () => {
    const pathChar = fc.constantFrom('a', 'b', '/', '$');
    const patternChar = fc.constantFrom('a', 'b', '/', '*', '$');
    fc.assert(
      fc.property(fc.string({ unit: patternChar, maxLength: 8 }), fc.string({ unit: pathChar, maxLength: 10 }), (pattern, path) => {
        expect(compileRobotsPattern(pattern)(path)).toBe(reference(pattern, path));
      }),
      { numRuns: 5_000 },
    );
  });
});

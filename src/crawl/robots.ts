/**
 * robots.txt as RFC 9309 defines it: groups of `user-agent` lines with `allow`/`disallow` rules;
 * the group naming our product token wins over `*`; the longest matching rule decides and `allow`
 * wins a tie; `*` matches any run of characters and a final `$` anchors the end. `crawl-delay`
 * and `sitemap` lines are read too (common extensions).
 */

import { compileRobotsPattern, type RobotsPathTest } from './robots-pattern.js';

interface Rule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly matches: RobotsPathTest;
}

interface Group {
  readonly agents: string[];
  readonly rules: Rule[];
  crawlDelaySeconds?: number;
}

export interface RobotsPolicy {
  /** Whether the path (with its query) may be fetched. */
  allows(pathAndQuery: string): boolean;
  /** The group's `crawl-delay`, in seconds, when it states one. */
  readonly crawlDelaySeconds?: number;
  /** Absolute sitemap URLs the file lists. */
  readonly sitemaps: readonly string[];
}

/** Percent-encodes what should be encoded and normalises existing escapes, so patterns and paths compare alike. */
function normalisePath(path: string): string {
  return path.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()).replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
}

/** The product token of a User-Agent ("QuarryBot/1.0 (+…)" → "quarrybot"). */
export function productToken(userAgent: string): string {
  return (userAgent.trim().split(/[\s/]/)[0] ?? '').toLowerCase();
}

export function parseRobots(text: string, userAgent: string, baseUrl: string): RobotsPolicy {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    switch (key) {
      case 'user-agent':
        if (!lastWasAgent || current === undefined) {
          current = { agents: [], rules: [] };
          groups.push(current);
        }
        current.agents.push(value.toLowerCase());
        lastWasAgent = true;
        continue;
      case 'allow':
      case 'disallow':
        // An empty disallow allows everything; it adds no rule.
        if (current !== undefined && value !== '') {
          const pattern = normalisePath(value);
          current.rules.push({ allow: key === 'allow', pattern, matches: compileRobotsPattern(pattern) });
        }
        break;
      case 'crawl-delay': {
        const seconds = Number(value);
        if (current !== undefined && Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
        break;
      }
      case 'sitemap':
        try {
          sitemaps.push(new URL(value, baseUrl).href);
        } catch {
          // An unparsable sitemap line is ignored.
        }
        break;
    }
    lastWasAgent = false;
  }

  const token = productToken(userAgent);
  const mine = groups.filter((group) => group.agents.includes(token));
  const chosen = mine.length > 0 ? mine : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  const delay = chosen.map((group) => group.crawlDelaySeconds).find((seconds) => seconds !== undefined);

  return {
    sitemaps,
    ...(delay === undefined ? {} : { crawlDelaySeconds: delay }),
    allows(pathAndQuery) {
      const path = normalisePath(pathAndQuery);
      if (path === '/robots.txt') return true;
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!rule.matches(path)) continue;
        if (best === undefined || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
      }
      return best === undefined || best.allow;
    },
  };
}

export const ALLOW_ALL: RobotsPolicy = { sitemaps: [], allows: () => true };
export const DISALLOW_ALL: RobotsPolicy = { sitemaps: [], allows: (path) => path === '/robots.txt' };

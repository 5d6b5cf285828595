/**
 * Quarry's search query language, parsed once and handed to every engine.
 *
 * Grammar (whitespace separates tokens; operator names are case-insensitive):
 * - `word`                 a plain term; engines match it loosely (stemming, autocorrect)
 * - `"some words"`         an exact phrase; an unbalanced quote runs to the end of the query
 * - `-x`                   excludes a word, a `"phrase"` or an operator (`-site:a.com`); a lone `-` is ignored
 * - `site:a.com`           the domain and its subdomains; may carry a path prefix (`site:a.com/blog`)
 * - `filetype:pdf`         (alias `ext:`) the URL path ends with `.pdf`
 * - `inurl:x`, `intitle:x` the word (or a quoted `"phrase"`) in the URL / the title
 * - `allinurl:`, `allintitle:` every later plain word or phrase becomes an `inurl:` / `intitle:` clause
 * - `a OR b`               at least one of two adjacent positive clauses; chains (`a OR b OR c`) form one group
 *
 * Malformed input never throws: an operator with no value (`site:`) and an `OR` with no positive
 * clause on either side are dropped, unknown `name:value` words are plain terms.
 */

import {
  ALL_QUERY_FEATURES,
  isNativelySupported,
  type ParsedQuery,
  type QueryClause,
  type QueryFeature,
  type QueryOperator,
  type SimpleClause,
} from './query-clauses.js';

export * from './query-clauses.js';

interface OperatorName {
  readonly operator: QueryOperator;
  /** `allin…:` applies the operator to every later plain word. */
  readonly appliesToRest: boolean;
}

const OPERATOR_NAMES: ReadonlyMap<string, OperatorName> = new Map([
  ['site', { operator: 'site', appliesToRest: false }],
  ['filetype', { operator: 'filetype', appliesToRest: false }],
  ['ext', { operator: 'filetype', appliesToRest: false }],
  ['inurl', { operator: 'inurl', appliesToRest: false }],
  ['intitle', { operator: 'intitle', appliesToRest: false }],
  ['allinurl', { operator: 'inurl', appliesToRest: true }],
  ['allintitle', { operator: 'intitle', appliesToRest: true }],
]);

const WHITESPACE = /\s/;
const OPERATOR_WORD = /^([A-Za-z]+):(.*)$/s;

function collapseWhitespace(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function canonicalOnce(operator: QueryOperator, value: string): string {
  switch (operator) {
    case 'site':
      return collapseWhitespace(
        value
          .toLowerCase()
          .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
          .replace(/^(\*?\.)+/, '')
          .replace(/\/+$/, ''),
      );
    case 'filetype':
      return collapseWhitespace(value.toLowerCase().replace(/^\.+/, ''));
    case 'inurl':
    case 'intitle':
      return collapseWhitespace(value);
  }
}

/** Canonical operator values, applied until stable so that formatting and re-parsing give the same value. */
function canonicalOperatorValue(operator: QueryOperator, raw: string): string {
  let current = raw;
  for (;;) {
    const next = canonicalOnce(operator, current);
    if (next === current) return current;
    current = next;
  }
}

/** Parses a user query; never throws. */
export function parseQuery(q: string): ParsedQuery {
  const clauses: QueryClause[] = [];
  let restOperator: QueryOperator | undefined;
  let orPending = false;
  let i = 0;

  const push = (clause: SimpleClause): void => {
    const last = clauses.at(-1);
    const joinsGroup = orPending && !clause.negated && last !== undefined && (last.kind === 'anyOf' || !last.negated);
    orPending = false;
    if (!joinsGroup || last === undefined) {
      clauses.push(clause);
      return;
    }
    const options = last.kind === 'anyOf' ? [...last.options, clause] : [last, clause];
    clauses[clauses.length - 1] = { kind: 'anyOf', options };
  };
  const readQuoted = (): string => {
    // i points at the opening quote; an unbalanced quote runs to the end of the query.
    const close = q.indexOf('"', i + 1);
    const text = q.slice(i + 1, close < 0 ? q.length : close);
    i = close < 0 ? q.length : close + 1;
    return collapseWhitespace(text);
  };

  while (i < q.length) {
    if (WHITESPACE.test(q.charAt(i))) {
      i++;
      continue;
    }
    let negated = false;
    if (q.charAt(i) === '-') {
      negated = true;
      i++;
      if (i >= q.length || WHITESPACE.test(q.charAt(i))) {
        orPending = false;
        continue;
      }
    }
    if (q.charAt(i) === '"') {
      const phrase = readQuoted();
      if (phrase === '') {
        orPending = false;
      } else if (restOperator !== undefined) {
        push({ kind: 'operator', operator: restOperator, value: canonicalOperatorValue(restOperator, phrase), negated });
      } else {
        push({ kind: 'phrase', value: phrase, negated });
      }
      continue;
    }
    const start = i;
    while (i < q.length && !WHITESPACE.test(q.charAt(i)) && q.charAt(i) !== '"') i++;
    const word = q.slice(start, i);

    if (!negated && word === 'OR') {
      const last = clauses.at(-1);
      orPending = last !== undefined && (last.kind === 'anyOf' || !last.negated);
      continue;
    }
    const operatorMatch = OPERATOR_WORD.exec(word);
    const named = operatorMatch ? OPERATOR_NAMES.get((operatorMatch[1] ?? '').toLowerCase()) : undefined;
    if (named !== undefined) {
      let raw = operatorMatch?.[2] ?? '';
      if (raw === '' && q.charAt(i) === '"') raw = readQuoted();
      if (named.appliesToRest && !negated) restOperator = named.operator;
      const value = canonicalOperatorValue(named.operator, raw);
      if (value === '') {
        orPending = false;
      } else {
        push({ kind: 'operator', operator: named.operator, value, negated });
      }
      continue;
    }
    if (restOperator !== undefined) {
      push({ kind: 'operator', operator: restOperator, value: word, negated });
    } else {
      push({ kind: 'term', value: word, negated });
    }
  }
  return { clauses };
}

/** Letters-and-digits words, safe to send as plain terms to any engine (no `-`, `:`, `"`, never `OR`). */
function plainWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => (word === 'OR' ? 'or' : word));
}

function formatSimple(clause: SimpleClause): string {
  const sign = clause.negated ? '-' : '';
  switch (clause.kind) {
    case 'term':
      return `${sign}${clause.value}`;
    case 'phrase':
      return `${sign}"${clause.value}"`;
    case 'operator':
      return WHITESPACE.test(clause.value) ? `${sign}${clause.operator}:"${clause.value}"` : `${sign}${clause.operator}:${clause.value}`;
  }
}

function formatNative(clause: QueryClause): string {
  return clause.kind === 'anyOf' ? clause.options.map(formatSimple).join(' OR ') : formatSimple(clause);
}

/**
 * What an engine that cannot apply a clause should search for instead, so that recall stays useful;
 * the router then post-filters the clause. Exclusions and URL operators are simply left out.
 */
function fallbackWords(clause: QueryClause): string[] {
  if (clause.kind === 'anyOf') return clause.options.flatMap(fallbackWords);
  if (clause.negated) return [];
  switch (clause.kind) {
    case 'term':
      return plainWords(clause.value);
    case 'phrase':
      return plainWords(clause.value);
    case 'operator':
      return clause.operator === 'intitle' ? plainWords(clause.value) : [];
  }
}

/**
 * Serialises a parsed query in Quarry's (Google-compatible) syntax. With `supported`, clauses the
 * engine cannot apply natively are replaced by their plain words or left out (see `fallbackWords`).
 * Without it, `parseQuery(formatQuery(p))` deep-equals `p` for every `p` returned by `parseQuery`.
 */
export function formatQuery(parsed: ParsedQuery, supported: ReadonlySet<QueryFeature> = ALL_QUERY_FEATURES): string {
  return parsed.clauses.flatMap((clause) => (isNativelySupported(clause, supported) ? [formatNative(clause)] : fallbackWords(clause))).join(' ');
}

/** The positive words of the query (terms, phrases, intitle values), for engines that index plain text. */
export function queryKeywords(parsed: ParsedQuery): string[] {
  return parsed.clauses.flatMap((clause) => {
    if (clause.kind === 'anyOf' || clause.negated) return [];
    if (clause.kind === 'operator' && clause.operator !== 'intitle') return [];
    return plainWords(clause.value);
  });
}

export { matchesQuery, type MatchableDocument, type MatchOptions } from './query-match.js';

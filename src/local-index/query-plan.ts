/**
 * A parsed query as conditions the index can evaluate exactly, with the semantics of the search
 * core's `matchesQuery` (see src/search/query-match.ts): words and phrases are consecutive folded
 * words in the title, the text or the URL; `intitle:` in the title; `site:` the host or a
 * subdomain (and a path prefix); `filetype:` the path's extension; `inurl:` a substring of the
 * URL's folded words. Unlike the post-filter, positive plain terms are required here: the index
 * is a full-text engine, so a term is a word that must occur.
 */
import type { ParsedQuery, QueryClause, SimpleClause } from '../search/index.js';
import { queryStemTokens } from './stemming.js';
import { foldedWords } from './text.js';

/** Consecutive folded words in the title, text or URL (`any`) or in the title only. */
export interface TextCond {
  readonly kind: 'text';
  readonly field: 'any' | 'title';
  readonly words: readonly string[];
  /** A plain word (not quoted, not excluded) also matches these stem tokens (see stemming.ts). */
  readonly stems?: readonly string[];
}

export type Cond =
  | TextCond
  | { readonly kind: 'site'; readonly hostRev: string; readonly pathPrefix: string }
  | { readonly kind: 'filetype'; readonly suffix: string }
  | { readonly kind: 'inurl'; readonly needle: string }
  | { readonly kind: 'not'; readonly cond: Cond }
  | { readonly kind: 'or'; readonly options: readonly Cond[] };

export interface QueryPlan {
  /** Every condition must hold. */
  readonly conds: readonly Cond[];
  /** Positive words of the query, for ranking and snippets. */
  readonly words: readonly string[];
}

function positiveCond(clause: SimpleClause, lang: string | undefined): Cond | undefined {
  switch (clause.kind) {
    case 'term': {
      const words = foldedWords(clause.value);
      if (words.length !== 1 || clause.negated) return words.length === 0 ? undefined : { kind: 'text', field: 'any', words };
      return { kind: 'text', field: 'any', words, stems: queryStemTokens(words[0] ?? '', lang) };
    }
    case 'phrase': {
      const words = foldedWords(clause.value);
      return words.length === 0 ? undefined : { kind: 'text', field: 'any', words };
    }
    case 'operator':
      switch (clause.operator) {
        case 'intitle': {
          const words = foldedWords(clause.value);
          return words.length === 0 ? undefined : { kind: 'text', field: 'title', words };
        }
        case 'inurl': {
          const needle = foldedWords(clause.value).join(' ');
          return needle === '' ? undefined : { kind: 'inurl', needle };
        }
        case 'filetype':
          return { kind: 'filetype', suffix: `.${clause.value}` };
        case 'site': {
          const slash = clause.value.indexOf('/');
          const domain = (slash < 0 ? clause.value : clause.value.slice(0, slash)).replace(/:\d+$/, '');
          const pathPrefix = slash < 0 ? '' : clause.value.slice(slash);
          return { kind: 'site', hostRev: domain.split('.').reverse().join('.'), pathPrefix };
        }
      }
  }
}

function condOf(clause: QueryClause, lang: string | undefined): Cond | undefined {
  if (clause.kind === 'anyOf') {
    const options = clause.options.map((option) => positiveCond(option, lang));
    // An option that always holds (no words) makes the whole group hold.
    if (options.some((option) => option === undefined)) return undefined;
    return { kind: 'or', options: options.filter((option): option is Cond => option !== undefined) };
  }
  const cond = positiveCond(clause, lang);
  if (cond === undefined) return undefined;
  return clause.negated ? { kind: 'not', cond } : cond;
}

function positiveWords(clause: QueryClause): string[] {
  if (clause.kind === 'anyOf') return clause.options.flatMap(positiveWords);
  if (clause.negated) return [];
  if (clause.kind === 'operator' && clause.operator !== 'intitle') return [];
  return foldedWords(clause.value);
}

/** The plan of a query; plain words also match their stems in `lang` (the query's language) and English. */
export function planQuery(query: ParsedQuery, lang?: string): QueryPlan {
  return {
    conds: query.clauses.map((clause) => condOf(clause, lang)).filter((cond): cond is Cond => cond !== undefined),
    words: [...new Set(query.clauses.flatMap(positiveWords))],
  };
}

/** Whether a condition is answered by the full-text index alone (words and phrases, and OR/NOT of them). */
export function isTextOnly(cond: Cond): boolean {
  switch (cond.kind) {
    case 'text':
      return true;
    case 'not':
      return isTextOnly(cond.cond);
    case 'or':
      return cond.options.every(isTextOnly);
    default:
      return false;
  }
}

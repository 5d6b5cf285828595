/** The parsed form of a query and the engine features each clause needs (see query.ts for the grammar). */

export const QUERY_OPERATORS = ['site', 'filetype', 'inurl', 'intitle'] as const;
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

/** Capabilities an engine can support natively; the router post-filters the others. */
export const QUERY_FEATURES = ['phrase', 'exclude', 'or', ...QUERY_OPERATORS] as const;
export type QueryFeature = (typeof QUERY_FEATURES)[number];

export const ALL_QUERY_FEATURES: ReadonlySet<QueryFeature> = new Set(QUERY_FEATURES);

export interface TermClause {
  readonly kind: 'term';
  /** One whitespace-free word as typed (never starts with `-` unless negated, never a bare `OR`). */
  readonly value: string;
  readonly negated: boolean;
}

export interface PhraseClause {
  readonly kind: 'phrase';
  /** Whitespace collapsed to single spaces, trimmed, never empty, never containing `"`. */
  readonly value: string;
  readonly negated: boolean;
}

export interface OperatorClause {
  readonly kind: 'operator';
  readonly operator: QueryOperator;
  /**
   * Never empty. `site` is lower-cased without scheme, leading dots or trailing slashes; `filetype`
   * is lower-cased without leading dots; `inurl`/`intitle` keep the typed text (possibly several words).
   */
  readonly value: string;
  readonly negated: boolean;
}

export type SimpleClause = TermClause | PhraseClause | OperatorClause;

/** `a OR b OR …`: holds when at least one option holds. Options are never negated; there are at least two. */
export interface AnyOfClause {
  readonly kind: 'anyOf';
  readonly options: readonly SimpleClause[];
}

export type QueryClause = SimpleClause | AnyOfClause;

/** A parsed query: every clause must hold. */
export interface ParsedQuery {
  readonly clauses: readonly QueryClause[];
}

/** The features a clause needs for an engine to apply it natively. A positive plain term needs none. */
export function clauseFeatures(clause: QueryClause): QueryFeature[] {
  switch (clause.kind) {
    case 'term':
      return clause.negated ? ['exclude'] : [];
    case 'phrase':
      return clause.negated ? ['exclude', 'phrase'] : ['phrase'];
    case 'operator':
      return clause.negated ? ['exclude', clause.operator] : [clause.operator];
    case 'anyOf':
      return ['or', ...clause.options.flatMap(clauseFeatures)];
  }
}

export function isNativelySupported(clause: QueryClause, supported: ReadonlySet<QueryFeature>): boolean {
  return clauseFeatures(clause).every((feature) => supported.has(feature));
}

/** Every feature the query uses. */
export function featuresUsed(parsed: ParsedQuery): Set<QueryFeature> {
  return new Set(parsed.clauses.flatMap(clauseFeatures));
}

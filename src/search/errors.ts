/** Domain errors of the search router; the HTTP layer maps each `code` to a status once. */
import type { EngineErrorKind } from './engine.js';
import type { Vertical } from './verticals.js';

/** What happened to one engine of a chain during one search. */
export interface EngineAttempt {
  readonly engine: string;
  readonly outcome: 'ok' | 'failed' | 'suspended' | 'not_configured';
  /** For failures: the engine error kind, or `internal` when the engine broke its contract. */
  readonly kind?: EngineErrorKind | 'internal';
  /** For failures: the error message (engine-authored; must not contain secrets). */
  readonly message?: string;
  /** For calls that were made. */
  readonly latencyMs?: number;
  /** For suspended engines: when the next probe may go through. */
  readonly suspendedUntil?: Date;
  /** For failures: what the engine threw, for the log only (never sent to clients). */
  readonly error?: unknown;
}

function describeAttempt(attempt: EngineAttempt): string {
  switch (attempt.outcome) {
    case 'failed':
      return `${attempt.engine} (${attempt.kind ?? 'internal'}: ${attempt.message ?? 'no message'})`;
    case 'suspended':
      return `${attempt.engine} (suspended until ${attempt.suspendedUntil?.toISOString() ?? 'unknown'})`;
    case 'not_configured':
      return `${attempt.engine} (not configured)`;
    case 'ok':
      // Only a fallback (the local index) that found nothing answers "ok" in a failed search.
      return `${attempt.engine} (nothing found)`;
  }
}

/** Every engine of the vertical's chain failed or is suspended (HTTP 502). */
export class AllEnginesFailedError extends Error {
  readonly code = 'all_engines_failed';
  readonly vertical: Vertical;
  readonly attempts: readonly EngineAttempt[];

  constructor(vertical: Vertical, attempts: readonly EngineAttempt[]) {
    const tried = attempts.filter((attempt) => attempt.outcome !== 'not_configured');
    super(`All ${vertical} search engines failed: ${tried.map(describeAttempt).join(', ')}`);
    this.name = 'AllEnginesFailedError';
    this.vertical = vertical;
    this.attempts = attempts;
  }
}

/**
 * No engine of the vertical's chain can answer (HTTP 503): none is configured, or only an empty
 * local index is. The message names what would turn one on (`setup`), so an operator knows what to do.
 */
export class SearchNotConfiguredError extends Error {
  readonly code = 'search_not_configured';
  /** The first of `verticals`. */
  readonly vertical: Vertical;
  /** Every vertical asked for that cannot answer (several for a combined search). */
  readonly verticals: readonly Vertical[];
  /** What would turn an engine of their chains on (settings or commands), in chain order. */
  readonly setup: readonly string[];

  constructor(verticals: Vertical | readonly [Vertical, ...Vertical[]], setup: readonly string[] = []) {
    const all: readonly [Vertical, ...Vertical[]] = typeof verticals === 'string' ? [verticals] : verticals;
    const hint = setup.length === 0 ? '' : ` Turn one on with ${setup.join(', or ')}.`;
    super(`No search engine can answer ${all.join(', ')}.${hint}`);
    this.name = 'SearchNotConfiguredError';
    this.vertical = all[0];
    this.verticals = all;
    this.setup = setup;
  }
}

/** The router's own configuration is inconsistent (thrown at start, by `createSearchRouter`). */
export class SearchConfigurationError extends Error {
  readonly code = 'search_configuration';

  constructor(message: string) {
    super(message);
    this.name = 'SearchConfigurationError';
  }
}

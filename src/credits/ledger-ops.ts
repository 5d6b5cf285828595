/**
 * The ledger's hot operations as plain data, so that one store call can apply many of them
 * in one transaction (group commit) and each dialect can run them as prepared statements.
 * Field names are the wire format of the PostgreSQL function `quarry_ledger_apply` (0012, 0013).
 */
interface EntryFields {
  readonly apiKeyId: number | null;
  readonly endpoint: string;
  readonly requestId: string | null;
  /** ISO time of the entries and hold row this operation writes. */
  readonly at: string;
}

/** Debits `amount` into a new open hold `holdId`, with a `hold` entry (none for 0). */
export interface HoldOp extends EntryFields {
  readonly op: 'hold';
  readonly userId: number;
  readonly holdId: string;
  readonly amount: number;
  readonly expiresAt: string;
}

/**
 * Debits a known cost in one step: one `charge` entry and nothing else. It is the call's usage
 * record (see usage.ts); its hold id, unique per kind among the entries, keys it.
 */
export interface ChargeOp extends EntryFields {
  readonly op: 'charge';
  readonly userId: number;
  readonly holdId: string;
  readonly amount: number;
}

/** Closes an open hold: `settle` charges `actual` (capped at the hold), `release` charges nothing. */
export interface CloseOp {
  readonly op: 'settle' | 'release';
  readonly holdId: string;
  readonly actual: number;
  readonly at: string;
}

export type LedgerOp = HoldOp | ChargeOp | CloseOp;

/**
 * `insufficient`: nothing was written, `balance` is the current one. `unknown`: no such account.
 * Closing a hold that is already closed (or unknown) is `ok` with `charged: 0`.
 */
export interface OpResult {
  readonly status: 'ok' | 'insufficient' | 'unknown';
  readonly balance: number;
  readonly charged: number;
}

/** Applies operations in one transaction; each result matches its operation by position. */
export interface LedgerStore {
  apply(ops: readonly LedgerOp[]): Promise<OpResult[]>;
}

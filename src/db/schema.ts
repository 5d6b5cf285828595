import type { Generated } from 'kysely';

/**
 * Row types of every table. Timestamps are ISO 8601 UTC strings (`toISOString()`), which sort
 * and compare correctly as text on both SQLite and PostgreSQL; booleans are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  blacklisted_tokens: BlacklistedTokensTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
  holds: HoldsTable;
  mail_outbox: MailOutboxTable;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  is_active: number;
  is_staff: Generated<number>;
  credits_balance: Generated<number>;
  failed_logins: Generated<number>;
  locked_until: string | null;
  date_joined: string;
  last_login: string | null;
}

export interface BlacklistedTokensTable {
  jti: string;
  user_id: number;
  expires_at: string;
  blacklisted_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  digest: string;
  ciphertext: string | null;
  is_active: number;
  created: string;
  last_used: string | null;
  revoked_at: string | null;
}

export type LedgerKind = 'grant' | 'purchase' | 'hold' | 'charge' | 'release' | 'refund' | 'adjustment';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  kind: LedgerKind;
  balance_after: number;
  api_key_id: number | null;
  endpoint: string | null;
  request_id: string | null;
  hold_id: string | null;
  idempotency_key: string | null;
  note: string | null;
  created: string;
}

export type HoldStatus = 'open' | 'settled' | 'expired';

export interface HoldsTable {
  id: string;
  user_id: number;
  api_key_id: number | null;
  amount: number;
  endpoint: string;
  request_id: string | null;
  status: HoldStatus;
  created: string;
  expires_at: string;
  settled_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created: string;
  sent_at: string | null;
}

import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { ledgerFunctions } from './0012-ledger-functions.js';
import type { AnyDb } from './helpers.js';

/**
 * `quarry_ledger_apply(ops jsonb)` made set-based (same arguments, same results as 0012): a
 * batch costs a few statements whatever its size instead of two to four per operation, so the
 * balance row of a hot account is locked for much less time.
 *
 * 1. One UPDATE closes every open hold the batch settles or releases.
 * 2. One SELECT … FOR UPDATE locks the batch's accounts in id order (so two instances' batches
 *    never wait on each other in a cycle) and reads their balances.
 * 3. The operations are worked out in their batch order against running balances, in memory:
 *    each checks its own balance (one that cannot be covered writes nothing, the others go on)
 *    and every entry carries the balance after it, as one by one.
 * 4. One UPDATE per batch writes the balances, one INSERT the hold rows, one the entries.
 *
 * Unlike 0012, operations run in batch order, not account order: the lock order no longer
 * depends on it. SQLite runs the same algorithm in src/credits/ledger-sqlite.ts.
 */
const CREATE = sql`
CREATE OR REPLACE FUNCTION quarry_ledger_apply(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  closed jsonb;               -- hold id → the row of a stored hold this batch closed
  bal jsonb;                  -- account id → running balance
  start jsonb;                -- account id → balance before the batch
  new_holds jsonb := '{}';    -- hold id → the hold row to insert
  new_entries jsonb := '[]';  -- entry rows to insert, in order
  results jsonb := '[]';
  op jsonb;
  idx bigint;
  kind text;
  hid text;
  uid text;
  amt bigint;
  cur bigint;
  after bigint;
  charged bigint;
  h jsonb;
BEGIN
  WITH c AS (
    UPDATE holds x SET status = 'settled', settled_at = o.at
    FROM (SELECT DISTINCT ON (e->>'holdId') e->>'holdId' AS id, e->>'at' AS at
          FROM jsonb_array_elements(ops) e WHERE e->>'op' IN ('settle', 'release') ORDER BY e->>'holdId') o
    WHERE x.id = o.id AND x.status = 'open'
    RETURNING x.id, x.user_id, x.api_key_id, x.amount, x.endpoint, x.request_id
  )
  SELECT coalesce(jsonb_object_agg(c.id, to_jsonb(c)), '{}') INTO closed FROM c;

  SELECT coalesce(jsonb_object_agg(u.id::text, u.credits_balance), '{}') INTO bal FROM (
    SELECT id, credits_balance FROM users WHERE id IN (
      SELECT (e->>'userId')::bigint FROM jsonb_array_elements(ops) e WHERE e ? 'userId'
      UNION SELECT (v->>'user_id')::bigint FROM jsonb_each(closed) AS j(k, v))
    ORDER BY id FOR UPDATE
  ) u;
  start := bal;

  FOR op, idx IN SELECT e.value, e.ord - 1 FROM jsonb_array_elements(ops) WITH ORDINALITY AS e(value, ord) LOOP
    kind := op->>'op';
    hid := op->>'holdId';
    IF kind = 'hold' OR kind = 'charge' THEN
      uid := op->>'userId';
      amt := (op->>'amount')::bigint;
      cur := (bal->>uid)::bigint;
      IF cur IS NULL OR cur < amt THEN
        results := results || jsonb_build_array(jsonb_build_object('i', idx, 'charged', 0, 'balance', coalesce(cur, 0),
          'status', CASE WHEN cur IS NULL THEN 'unknown' ELSE 'insufficient' END));
        CONTINUE;
      END IF;
      after := cur - amt;
      bal := jsonb_set(bal, ARRAY[uid], to_jsonb(after));
      new_holds := new_holds || jsonb_build_object(hid, jsonb_build_object('id', hid, 'user_id', uid::bigint,
        'api_key_id', op->'apiKeyId', 'amount', amt, 'endpoint', op->>'endpoint', 'request_id', op->'requestId',
        'status', CASE WHEN kind = 'hold' THEN 'open' ELSE 'settled' END, 'created', op->>'at',
        'expires_at', coalesce(op->>'expiresAt', op->>'at'), 'settled_at', CASE WHEN kind = 'hold' THEN NULL ELSE op->>'at' END));
      IF kind = 'charge' OR amt > 0 THEN
        new_entries := new_entries || jsonb_build_array(jsonb_build_object('user_id', uid::bigint, 'amount', -amt, 'kind', kind,
          'balance_after', after, 'api_key_id', op->'apiKeyId', 'endpoint', op->>'endpoint', 'request_id', op->'requestId',
          'hold_id', hid, 'created', op->>'at'));
      END IF;
      results := results || jsonb_build_array(jsonb_build_object('i', idx, 'status', 'ok', 'balance', after,
        'charged', CASE WHEN kind = 'charge' THEN amt ELSE 0 END));
      CONTINUE;
    END IF;

    h := closed->hid;
    IF h IS NOT NULL THEN
      closed := closed - hid;
    ELSIF new_holds->hid->>'status' = 'open' THEN
      -- A hold made earlier in this batch: closed before it is written, as one by one.
      h := new_holds->hid;
      new_holds := jsonb_set(new_holds, ARRAY[hid], h || jsonb_build_object('status', 'settled', 'settled_at', op->>'at'));
    END IF;
    IF h IS NULL THEN
      -- Settled already, or the sweeper released it: the work is not charged twice.
      uid := coalesce(new_holds->hid->>'user_id', (SELECT x.user_id::text FROM holds x WHERE x.id = hid));
      after := coalesce((bal->>uid)::bigint, (SELECT u.credits_balance FROM users u WHERE u.id = uid::bigint), 0);
      results := results || jsonb_build_array(jsonb_build_object('i', idx, 'status', 'ok', 'balance', after, 'charged', 0));
      CONTINUE;
    END IF;
    uid := h->>'user_id';
    amt := (h->>'amount')::bigint;
    charged := CASE WHEN kind = 'settle' THEN least((op->>'actual')::bigint, amt) ELSE 0 END;
    after := (bal->>uid)::bigint + amt - charged;
    bal := jsonb_set(bal, ARRAY[uid], to_jsonb(after));
    IF amt > 0 THEN
      new_entries := new_entries || jsonb_build_array(jsonb_build_object('user_id', uid::bigint, 'amount', amt, 'kind', 'release',
        'balance_after', after + charged, 'api_key_id', h->'api_key_id', 'endpoint', h->>'endpoint', 'request_id', h->'request_id',
        'hold_id', hid, 'created', op->>'at'));
    END IF;
    IF kind = 'settle' THEN
      new_entries := new_entries || jsonb_build_array(jsonb_build_object('user_id', uid::bigint, 'amount', -charged, 'kind', 'charge',
        'balance_after', after, 'api_key_id', h->'api_key_id', 'endpoint', h->>'endpoint', 'request_id', h->'request_id',
        'hold_id', hid, 'created', op->>'at'));
    END IF;
    results := results || jsonb_build_array(jsonb_build_object('i', idx, 'status', 'ok', 'balance', after, 'charged', charged));
  END LOOP;

  UPDATE users u SET credits_balance = (bal->>u.id::text)::bigint
    WHERE u.id IN (SELECT b.k::bigint FROM jsonb_each(bal) AS b(k, v) WHERE b.v <> start->b.k);
  INSERT INTO holds (id, user_id, api_key_id, amount, endpoint, request_id, status, created, expires_at, settled_at)
    SELECT r.id, r.user_id, r.api_key_id, r.amount, r.endpoint, r.request_id, r.status, r.created, r.expires_at, r.settled_at
    FROM jsonb_each(new_holds) AS j(k, v), jsonb_populate_record(NULL::holds, j.v) AS r;
  INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created)
    SELECT r.user_id, r.amount, r.kind, r.balance_after, r.api_key_id, r.endpoint, r.request_id, r.hold_id, r.created
    FROM jsonb_array_elements(new_entries) WITH ORDINALITY AS j(v, n), jsonb_populate_record(NULL::ledger_entries, j.v) AS r
    ORDER BY j.n;
  RETURN results;
END
$fn$`;

export function ledgerSetBased(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') await CREATE.execute(db);
    },
    async down(db: AnyDb) {
      // Back to the one-statement-per-operation function of 0012.
      await ledgerFunctions(dialect).up(db);
    },
  };
}

import { sql, type Migration } from 'kysely';
import { ledgerSetBased } from './0013-ledger-set-based.js';
import type { AnyDb, DialectName } from './helpers.js';

/**
 * A one-step charge (a cache hit) is one row: its `charge` entry, which carries the account,
 * key, endpoint, request id and hold id, is also its usage record (src/credits/usage.ts reads
 * closed holds and the charge entries that have no hold). Until now it also wrote a hold row
 * already settled, with the holds table's three index entries.
 *
 * - `ledger_hold_kind`: a unique index on the entries' (hold id, kind), in place of 0007's plain
 *   index on the hold id. Every operation is keyed by its hold id, and a hold has at most one
 *   entry of each kind (hold, release, charge); with no hold row any more to refuse a second
 *   one-step charge under the same id, this index does. Partial (`hold_id IS NOT NULL`): grants
 *   and other entries without a hold add no entry to it.
 * - PostgreSQL: the unique constraint on the idempotency key (grants only) becomes a partial
 *   unique index, so the entries of metered calls, whose key is NULL, add no entry to it.
 *   (SQLite keeps the column's UNIQUE: dropping it would rebuild the table, for a gain within
 *   the noise there.)
 * - PostgreSQL: `quarry_ledger_apply` (same arguments and results as 0013) writes no hold row
 *   for a charge.
 *
 * Down writes the missing settled hold rows back from the charge entries, so usage reads the
 * same under the previous code, and restores 0007's index, the constraint and 0013's function.
 */
const CREATE = sql`
CREATE OR REPLACE FUNCTION quarry_ledger_apply(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  closed jsonb;  -- hold id → the row of a stored hold this batch closed
  bal jsonb;     -- account id → running balance
  start jsonb;   -- account id → balance before the batch
  -- The rows to write, column by column (plpgsql appends to arrays in place; jsonb is copied).
  h_id text[] := '{}'; h_user bigint[] := '{}'; h_key bigint[] := '{}'; h_amount bigint[] := '{}';
  h_endpoint text[] := '{}'; h_request text[] := '{}'; h_status text[] := '{}'; h_created text[] := '{}';
  h_expires text[] := '{}'; h_settled text[] := '{}';
  e_user bigint[] := '{}'; e_amount bigint[] := '{}'; e_kind text[] := '{}'; e_after bigint[] := '{}';
  e_key bigint[] := '{}'; e_endpoint text[] := '{}'; e_request text[] := '{}'; e_hold text[] := '{}'; e_created text[] := '{}';
  r_i bigint[] := '{}'; r_status text[] := '{}'; r_balance bigint[] := '{}'; r_charged bigint[] := '{}';
  op jsonb;
  idx bigint;
  kind text;
  hid text;
  uid bigint;
  amt bigint;
  cur bigint;
  after bigint;
  charged bigint;
  h jsonb;
  pos int;
  results jsonb;
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
      uid := (op->>'userId')::bigint;
      amt := (op->>'amount')::bigint;
      cur := (bal->>uid::text)::bigint;
      IF cur IS NULL OR cur < amt THEN
        r_i := r_i || idx; r_charged := r_charged || 0::bigint; r_balance := r_balance || coalesce(cur, 0);
        r_status := r_status || CASE WHEN cur IS NULL THEN 'unknown' ELSE 'insufficient' END;
        CONTINUE;
      END IF;
      after := cur - amt;
      bal := jsonb_set(bal, ARRAY[uid::text], to_jsonb(after));
      IF kind = 'hold' THEN
        -- A one-step charge writes no hold row: its charge entry is its usage record.
        h_id := h_id || hid; h_user := h_user || uid; h_key := h_key || (op->>'apiKeyId')::bigint; h_amount := h_amount || amt;
        h_endpoint := h_endpoint || (op->>'endpoint'); h_request := h_request || (op->>'requestId');
        h_status := h_status || 'open'::text; h_created := h_created || (op->>'at');
        h_expires := h_expires || (op->>'expiresAt'); h_settled := h_settled || NULL::text;
      END IF;
      IF kind = 'charge' OR amt > 0 THEN
        e_user := e_user || uid; e_amount := e_amount || -amt; e_kind := e_kind || kind; e_after := e_after || after;
        e_key := e_key || (op->>'apiKeyId')::bigint; e_endpoint := e_endpoint || (op->>'endpoint');
        e_request := e_request || (op->>'requestId'); e_hold := e_hold || hid; e_created := e_created || (op->>'at');
      END IF;
      r_i := r_i || idx; r_status := r_status || 'ok'::text; r_balance := r_balance || after;
      r_charged := r_charged || CASE WHEN kind = 'charge' THEN amt ELSE 0 END;
      CONTINUE;
    END IF;

    h := closed->hid;
    IF h IS NOT NULL THEN
      closed := closed - hid;
    ELSE
      pos := array_position(h_id, hid);
      IF pos IS NOT NULL AND h_status[pos] = 'open' THEN
        -- A hold made earlier in this batch: closed before it is written, as one by one.
        h := jsonb_build_object('user_id', h_user[pos], 'api_key_id', h_key[pos], 'amount', h_amount[pos],
          'endpoint', h_endpoint[pos], 'request_id', h_request[pos]);
        h_status[pos] := 'settled';
        h_settled[pos] := op->>'at';
      END IF;
    END IF;
    IF h IS NULL THEN
      -- Settled already, or the sweeper released it: the work is not charged twice.
      uid := coalesce(h_user[pos], (SELECT x.user_id FROM holds x WHERE x.id = hid));
      after := coalesce((bal->>uid::text)::bigint, (SELECT u.credits_balance FROM users u WHERE u.id = uid), 0);
      r_i := r_i || idx; r_status := r_status || 'ok'::text; r_balance := r_balance || after; r_charged := r_charged || 0::bigint;
      CONTINUE;
    END IF;
    uid := (h->>'user_id')::bigint;
    amt := (h->>'amount')::bigint;
    charged := CASE WHEN kind = 'settle' THEN least((op->>'actual')::bigint, amt) ELSE 0 END;
    after := (bal->>uid::text)::bigint + amt - charged;
    bal := jsonb_set(bal, ARRAY[uid::text], to_jsonb(after));
    IF amt > 0 THEN
      e_user := e_user || uid; e_amount := e_amount || amt; e_kind := e_kind || 'release'::text; e_after := e_after || (after + charged);
      e_key := e_key || (h->>'api_key_id')::bigint; e_endpoint := e_endpoint || (h->>'endpoint');
      e_request := e_request || (h->>'request_id'); e_hold := e_hold || hid; e_created := e_created || (op->>'at');
    END IF;
    IF kind = 'settle' THEN
      e_user := e_user || uid; e_amount := e_amount || -charged; e_kind := e_kind || 'charge'::text; e_after := e_after || after;
      e_key := e_key || (h->>'api_key_id')::bigint; e_endpoint := e_endpoint || (h->>'endpoint');
      e_request := e_request || (h->>'request_id'); e_hold := e_hold || hid; e_created := e_created || (op->>'at');
    END IF;
    r_i := r_i || idx; r_status := r_status || 'ok'::text; r_balance := r_balance || after; r_charged := r_charged || charged;
  END LOOP;

  UPDATE users u SET credits_balance = (bal->>u.id::text)::bigint
    WHERE u.id IN (SELECT b.k::bigint FROM jsonb_each(bal) AS b(k, v) WHERE b.v <> start->b.k);
  INSERT INTO holds (id, user_id, api_key_id, amount, endpoint, request_id, status, created, expires_at, settled_at)
    SELECT * FROM unnest(h_id, h_user, h_key, h_amount, h_endpoint, h_request, h_status, h_created, h_expires, h_settled);
  INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created)
    SELECT u.a, u.b, u.c, u.d, u.e, u.f, u.g, u.h, u.i
    FROM unnest(e_user, e_amount, e_kind, e_after, e_key, e_endpoint, e_request, e_hold, e_created) WITH ORDINALITY AS u(a, b, c, d, e, f, g, h, i, n)
    ORDER BY u.n;
  SELECT coalesce(jsonb_agg(jsonb_build_object('i', r.i, 'status', r.s, 'balance', r.b, 'charged', r.c)), '[]') INTO results
    FROM unnest(r_i, r_status, r_balance, r_charged) AS r(i, s, b, c);
  RETURN results;
END
$fn$`;

export function ledgerOneRowCharges(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await sql`CREATE UNIQUE INDEX ledger_hold_kind ON ledger_entries (hold_id, kind) WHERE hold_id IS NOT NULL`.execute(db);
      await sql`DROP INDEX ledger_hold`.execute(db);
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_idempotency_key_key`.execute(db);
      await sql`CREATE UNIQUE INDEX ledger_idempotency_key ON ledger_entries (idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(db);
      await CREATE.execute(db);
    },
    async down(db: AnyDb) {
      await sql`
        INSERT INTO holds (id, user_id, api_key_id, amount, endpoint, request_id, status, created, expires_at, settled_at)
        SELECT l.hold_id, l.user_id, l.api_key_id, -l.amount, coalesce(l.endpoint, 'other'), l.request_id, 'settled', l.created, l.created, l.created
        FROM ledger_entries l
        WHERE l.kind = 'charge' AND l.hold_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = l.hold_id)`.execute(db);
      await sql`CREATE INDEX ledger_hold ON ledger_entries (hold_id)`.execute(db);
      await sql`DROP INDEX ledger_hold_kind`.execute(db);
      if (dialect !== 'postgres') return;
      await sql`DROP INDEX ledger_idempotency_key`.execute(db);
      await sql`ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_idempotency_key_key UNIQUE (idempotency_key)`.execute(db);
      await ledgerSetBased(dialect).up(db);
    },
  };
}

import { sql, type Migration } from 'kysely';
import type { AnyDb, DialectName } from './helpers.js';

/**
 * `quarry_ledger_apply(ops jsonb)`: the ledger's hot operations (hold, one-step charge,
 * settle, release; see src/credits/ledger-ops.ts) applied in one statement, hence one round
 * trip and one transaction per batch, with every balance row locked only while the function
 * runs. Each operation checks its own balance: one that cannot be covered writes nothing and
 * reports `insufficient`, the others go on. Operations run in account order (a settle's account
 * is its hold's) so that two instances' batches lock balance rows in the same order and do
 * not deadlock. Results carry `i`, the operation's position in `ops`.
 *
 * SQLite runs the same operations as prepared statements in-process; nothing to create there.
 */
const CREATE = sql`
CREATE OR REPLACE FUNCTION quarry_ledger_apply(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  op jsonb;
  idx bigint;
  kind text;
  amt bigint;
  after bigint;
  charged bigint;
  h record;
  results jsonb := '[]'::jsonb;
BEGIN
  FOR op, idx IN
    SELECT e.value, e.ord FROM jsonb_array_elements(ops) WITH ORDINALITY AS e(value, ord)
    ORDER BY coalesce((e.value->>'userId')::bigint, (SELECT x.user_id FROM holds x WHERE x.id = e.value->>'holdId')), e.ord
  LOOP
    kind := op->>'op';
    IF kind = 'hold' OR kind = 'charge' THEN
      amt := (op->>'amount')::bigint;
      UPDATE users SET credits_balance = credits_balance - amt
        WHERE id = (op->>'userId')::bigint AND credits_balance >= amt
        RETURNING credits_balance INTO after;
      IF NOT FOUND THEN
        SELECT credits_balance INTO after FROM users WHERE id = (op->>'userId')::bigint;
        results := results || jsonb_build_object('i', idx - 1, 'charged', 0, 'balance', coalesce(after, 0),
          'status', CASE WHEN after IS NULL THEN 'unknown' ELSE 'insufficient' END);
        CONTINUE;
      END IF;
      INSERT INTO holds (id, user_id, api_key_id, amount, endpoint, request_id, status, created, expires_at, settled_at)
        VALUES (op->>'holdId', (op->>'userId')::bigint, (op->>'apiKeyId')::bigint, amt, op->>'endpoint', op->>'requestId',
          CASE WHEN kind = 'hold' THEN 'open' ELSE 'settled' END, op->>'at',
          coalesce(op->>'expiresAt', op->>'at'), CASE WHEN kind = 'hold' THEN NULL ELSE op->>'at' END);
      IF kind = 'charge' OR amt > 0 THEN
        INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created)
          VALUES ((op->>'userId')::bigint, -amt, kind, after, (op->>'apiKeyId')::bigint, op->>'endpoint', op->>'requestId', op->>'holdId', op->>'at');
      END IF;
      results := results || jsonb_build_object('i', idx - 1, 'status', 'ok', 'balance', after,
        'charged', CASE WHEN kind = 'charge' THEN amt ELSE 0 END);
    ELSE
      UPDATE holds SET status = 'settled', settled_at = op->>'at' WHERE id = op->>'holdId' AND status = 'open'
        RETURNING user_id, api_key_id, amount, endpoint, request_id INTO h;
      IF NOT FOUND THEN
        -- Settled already, or the sweeper released it: the work is not charged twice.
        SELECT u.credits_balance INTO after FROM holds x JOIN users u ON u.id = x.user_id WHERE x.id = op->>'holdId';
        results := results || jsonb_build_object('i', idx - 1, 'status', 'ok', 'balance', coalesce(after, 0), 'charged', 0);
        CONTINUE;
      END IF;
      charged := CASE WHEN kind = 'settle' THEN least((op->>'actual')::bigint, h.amount) ELSE 0 END;
      UPDATE users SET credits_balance = credits_balance + h.amount - charged WHERE id = h.user_id
        RETURNING credits_balance INTO after;
      IF h.amount > 0 THEN
        INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created)
          VALUES (h.user_id, h.amount, 'release', after + charged, h.api_key_id, h.endpoint, h.request_id, op->>'holdId', op->>'at');
      END IF;
      IF kind = 'settle' THEN
        INSERT INTO ledger_entries (user_id, amount, kind, balance_after, api_key_id, endpoint, request_id, hold_id, created)
          VALUES (h.user_id, -charged, 'charge', after, h.api_key_id, h.endpoint, h.request_id, op->>'holdId', op->>'at');
      END IF;
      results := results || jsonb_build_object('i', idx - 1, 'status', 'ok', 'balance', after, 'charged', charged);
    END IF;
  END LOOP;
  RETURN results;
END
$fn$`;

export function ledgerFunctions(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') await CREATE.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS quarry_ledger_apply(jsonb)`.execute(db);
    },
  };
}

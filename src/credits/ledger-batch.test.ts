import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createGroupCommit } from './group-commit.js';
import type { LedgerOp, LedgerStore, OpResult } from './ledger-ops.js';
import { createPostgresLedgerStore } from './ledger-postgres.js';
import { createSqliteLedgerStore } from './ledger-sqlite.js';

/**
 * The ledger's hot path on the suite's database (SQLite, or PostgreSQL through the
 * `quarry_ledger_apply` function of migrations 0012 and 0013): batches applied in one transaction,
 * each member checking its own balance.
 */
let t: TestApp;
let handle: DatabaseHandle;
let store: LedgerStore;

beforeAll(async () => {
  t = await startTestApp();
  // A second handle on the app's database, as a second instance would have.
  handle = openDatabase({ url: t.env.DATABASE_URL, sqliteFile: join(t.env.DATA_DIR!, 'quarry.db'), poolSize: 2 });
  store = handle.raw.dialect === 'sqlite' ? createSqliteLedgerStore(handle.raw.sqlite) : createPostgresLedgerStore(handle.raw.pool);
});
afterAll(async () => {
  await handle.close();
  await t.close();
});

const at = () => new Date().toISOString();
const holdOp = (userId: number, amount: number, holdId = randomUUID()): LedgerOp => ({
  op: 'hold',
  userId,
  amount,
  holdId,
  apiKeyId: null,
  endpoint: 'test',
  requestId: null,
  at: at(),
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});

async function auditIsClean(): Promise<void> {
  for (const row of await t.quarry.services.ledger.audit()) {
    expect(row.balance, row.email).toBe(row.ledgerSum);
    expect(row.openHolds, row.email).toBe(0);
  }
}

async function entriesOf(userId: number) {
  return t.quarry.db.selectFrom('ledger_entries').select(['kind', 'amount', 'balance_after']).where('user_id', '=', userId).orderBy('id').execute();
}

describe('migration 0012', () => {
  it('creates the batch function on PostgreSQL and is recorded as applied on SQLite, where it does nothing', async () => {
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = '0012-ledger-functions'`.execute(t.quarry.db);
    expect(applied.rows).toHaveLength(1);
    if (handle.raw.dialect === 'postgres') {
      const { rows } = await handle.raw.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'quarry_ledger_apply'");
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('is replaced by the set-based function of migration 0013 on PostgreSQL', async () => {
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = '0013-ledger-set-based'`.execute(t.quarry.db);
    expect(applied.rows).toHaveLength(1);
    if (handle.raw.dialect === 'postgres') {
      const { rows } = await handle.raw.pool.query<{ src: string }>("SELECT prosrc AS src FROM pg_proc WHERE proname = 'quarry_ledger_apply'");
      expect(rows).toHaveLength(1);
      expect(rows[0]!.src).toContain('FOR UPDATE');
    }
  });
});

describe('group commit', () => {
  it('applies concurrent holds as one batch in which a member that lacks balance fails alone', async () => {
    const c = await t.customer(5);
    const sizes: number[] = [];
    const batches = createGroupCommit<LedgerOp, OpResult>(
      (ops) => {
        sizes.push(ops.length);
        return store.apply(ops);
      },
      { maxInFlight: 1, maxBatch: 100 },
    );
    const ops = [holdOp(c.id, 3), holdOp(c.id, 3), holdOp(c.id, 2)];
    const results = await Promise.all(ops.map((op) => batches.submit(op)));
    expect(sizes).toEqual([3]);
    expect(results.map((r) => r.status)).toEqual(['ok', 'insufficient', 'ok']);
    expect(results.map((r) => r.balance)).toEqual([2, 2, 0]);
    // The refused member wrote nothing; the others wrote their hold entries.
    expect((await entriesOf(c.id)).filter((e) => e.kind === 'hold').map((e) => e.amount)).toEqual([-3, -2]);
    for (const op of [ops[0]!, ops[2]!]) await batches.submit({ op: 'settle', holdId: op.op === 'hold' ? op.holdId : '', actual: 1, at: at() });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(3);
    await auditIsClean();
  });

  it('retries the members of a failed batch one by one, so a broken member fails alone', async () => {
    const c = await t.customer(10);
    const duplicate = randomUUID();
    await store.apply([holdOp(c.id, 1, duplicate)]);
    const batches = createGroupCommit<LedgerOp, OpResult>((ops) => store.apply(ops), { maxInFlight: 1, maxBatch: 100 });
    const good = holdOp(c.id, 2);
    const [broken, fine] = await Promise.allSettled([batches.submit(holdOp(c.id, 1, duplicate)), batches.submit(good)]);
    expect(broken.status).toBe('rejected');
    expect(fine).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: 7 } });
    for (const holdId of [duplicate, good.op === 'hold' ? good.holdId : '']) await t.quarry.services.ledger.release(holdId);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(10);
    await auditIsClean();
  });

  it('reports an unknown account and a hold closed twice without writing anything', async () => {
    const [unknown] = await store.apply([holdOp(987_654_321, 1)]);
    expect(unknown).toEqual({ status: 'unknown', balance: 0, charged: 0 });
    const c = await t.customer(4);
    const hold = await t.quarry.services.ledger.hold(c.id, 3, { endpoint: 'test', ttlSeconds: 60 });
    const [first, second] = await store.apply([
      { op: 'settle', holdId: hold.id, actual: 2, at: at() },
      { op: 'settle', holdId: hold.id, actual: 2, at: at() },
    ]);
    expect(first).toEqual({ status: 'ok', balance: 2, charged: 2 });
    expect(second).toEqual({ status: 'ok', balance: 2, charged: 0 });
    await auditIsClean();
  });
});

describe('the one-step charge', () => {
  it('writes one row: its charge entry, with key, endpoint, request and hold id, and no hold row', async () => {
    const c = await t.customer(5);
    expect(await t.quarry.services.ledger.charge(c.id, 2, { endpoint: 'test', apiKeyId: c.keyId, requestId: 'req-1' })).toEqual({
      charged: 2,
      balance: 3,
    });
    expect(await entriesOf(c.id)).toEqual([
      { kind: 'grant', amount: 5, balance_after: 5 },
      { kind: 'charge', amount: -2, balance_after: 3 },
    ]);
    const charge = await t.quarry.db
      .selectFrom('ledger_entries')
      .select(['api_key_id', 'endpoint', 'request_id', 'hold_id'])
      .where('user_id', '=', c.id)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ api_key_id: c.keyId, endpoint: 'test', request_id: 'req-1' });
    expect(charge.hold_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.quarry.db.selectFrom('holds').select('id').where('user_id', '=', c.id).execute()).toEqual([]);
    await expect(t.quarry.services.ledger.charge(c.id, 4, { endpoint: 'test' })).rejects.toMatchObject({ creditsRemaining: 3 });
    expect(await entriesOf(c.id)).toHaveLength(2);
    await auditIsClean();
  });

  it('is applied once per hold id: a retried charge, alone or in a batch, charges nothing more', async () => {
    const c = await t.customer(10);
    const charge: LedgerOp = { op: 'charge', userId: c.id, amount: 3, holdId: randomUUID(), apiKeyId: null, endpoint: 'test', requestId: null, at: at() };
    expect(await store.apply([charge])).toEqual([{ status: 'ok', balance: 7, charged: 3 }]);
    await expect(store.apply([charge])).rejects.toThrow();
    await expect(store.apply([holdOp(c.id, 1), charge])).rejects.toThrow();
    const batches = createGroupCommit<LedgerOp, OpResult>((ops) => store.apply(ops), { maxInFlight: 1, maxBatch: 100 });
    const [again, other] = await Promise.allSettled([batches.submit(charge), batches.submit({ ...charge, holdId: randomUUID(), amount: 2 })]);
    expect(again.status).toBe('rejected');
    expect(other).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: 5, charged: 2 } });
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(5);
    expect((await entriesOf(c.id)).map((e) => e.kind)).toEqual(['grant', 'charge', 'charge']);
    await auditIsClean();
  });
});

describe('a batch over several accounts', () => {
  const chargeOp = (userId: number, amount: number): LedgerOp => ({
    op: 'charge',
    userId,
    amount,
    holdId: randomUUID(),
    apiKeyId: null,
    endpoint: 'test',
    requestId: null,
    at: at(),
  });

  /** Three accounts with open holds, and a mixed list of operations on them in which one debit cannot be covered. */
  async function scene() {
    const [a, b, c] = [await t.customer(6), await t.customer(10), await t.customer(4)];
    const heldOnB = holdOp(b.id, 4);
    const heldOnC = holdOp(c.id, 3);
    await store.apply([heldOnB, heldOnC]);
    const madeHere = holdOp(a.id, 1);
    const ops: LedgerOp[] = [
      holdOp(a.id, 3),
      chargeOp(b.id, 2),
      chargeOp(a.id, 5), // a has 3 left: refused, and the members after it go on
      { op: 'settle', holdId: (heldOnC as { holdId: string }).holdId, actual: 1, at: at() },
      chargeOp(c.id, 3),
      { op: 'release', holdId: (heldOnB as { holdId: string }).holdId, actual: 0, at: at() },
      madeHere,
      // A close of a hold made earlier in the same batch finds it, as one by one.
      { op: 'settle', holdId: (madeHere as { holdId: string }).holdId, actual: 1, at: at() },
      chargeOp(a.id, 2),
      holdOp(b.id, 0),
    ];
    return { users: [a.id, b.id, c.id], ops };
  }

  async function stateOf(users: number[]) {
    return Promise.all(
      users.map(async (id) => ({
        balance: await t.quarry.services.ledger.balance(id),
        entries: await entriesOf(id),
        holds: await t.quarry.db.selectFrom('holds').select(['status', 'amount']).where('user_id', '=', id).orderBy('status').orderBy('amount').execute(),
      })),
    );
  }

  it('gives the same results, balances, entries and holds as the same operations one by one', async () => {
    const together = await scene();
    const batched = await store.apply(together.ops);
    const alone = await scene();
    const oneByOne: OpResult[] = [];
    for (const op of alone.ops) oneByOne.push(...(await store.apply([op])));

    expect(batched).toEqual(oneByOne);
    expect(batched.map((r) => r.status)).toEqual(['ok', 'ok', 'insufficient', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(batched[2]).toEqual({ status: 'insufficient', balance: 3, charged: 0 });
    expect(await stateOf(together.users)).toEqual(await stateOf(alone.users));
    const [a] = await stateOf(together.users);
    // 6 − 3 (hold) − 1 (hold made and settled here, 1 charged) − 2 (charge); the refused 5 wrote nothing.
    expect(a!.balance).toBe(0);
    expect(a!.entries.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['grant', 6, 6],
      ['hold', -3, 3],
      ['hold', -1, 2],
      ['release', 1, 3],
      ['charge', -1, 2],
      ['charge', -2, 0],
    ]);
  });
});

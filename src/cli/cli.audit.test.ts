import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserStore } from '../accounts/users.js';
import { createLedger } from '../credits/ledger.js';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createCliWorkspace, jsonOf, type CliWorkspace } from '../../tests/support/cli-process.js';

// One database per file: the audit looks at every account, so no other test may share it.
let ws: CliWorkspace;
let handle: DatabaseHandle;
const ids: number[] = [];

beforeAll(async () => {
  ws = await createCliWorkspace();
  handle = ws.openDatabase();
  await migrateToLatest(handle);
  const users = createUserStore(handle.db);
  const ledger = createLedger(handle);
  for (const [address, credits] of [
    ['clean@example.com', 30],
    ['tampered@example.com', 50],
  ] as const) {
    const user = (await users.insert({ email: address, passwordHash: 'not used', isActive: true, now: new Date() }))!;
    await ledger.credit(user.id, credits, { kind: 'grant' });
    ids.push(user.id);
  }
});
afterAll(async () => {
  await handle?.close();
  await ws?.close();
});

const audit = (...flags: string[]) => ws.run(['credits', 'audit', ...flags]);
const shiftBalance = (userId: number, delta: number) =>
  handle.db
    .updateTable('users')
    .set({ credits_balance: sql`credits_balance + ${delta}` })
    .where('id', '=', userId)
    .execute();

describe('quarry credits audit', { timeout: 60_000 }, () => {
  it('exits 0 and says how many accounts it checked when every balance matches its ledger', async () => {
    expect(await audit()).toEqual({ code: 0, stdout: 'Checked 2 accounts: every balance matches its ledger.\n', stderr: '' });
  });

  it('exits 1 and names the account whose balance was changed behind the ledger', async () => {
    await shiftBalance(ids[1]!, 7);

    const json = await audit('--json');
    expect(json.code).toBe(1);
    expect(jsonOf(json)).toEqual({
      ok: false,
      checked: 2,
      mismatches: [{ user_id: ids[1], email: 'tampered@example.com', balance: 57, ledger_sum: 50, difference: 7, open_holds: 0, expired_open_holds: 0 }],
    });

    const text = await audit();
    expect(text).toEqual({
      code: 1,
      stdout: `user ${ids[1]} tampered@example.com: balance 57 but ledger sums to 50 (+7)\nChecked 2 accounts: 1 with problems.\n`,
      stderr: '',
    });
  });

  it('exits 1 for a hold that expired without being released', async () => {
    await shiftBalance(ids[1]!, -7);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await createLedger(handle, () => anHourAgo).hold(ids[0]!, 3, { endpoint: '/api/v1/scrape/', ttlSeconds: 60 });

    const result = await audit();
    expect(result).toEqual({
      code: 1,
      stdout: `user ${ids[0]} clean@example.com: 1 expired hold(s) still open\nChecked 2 accounts: 1 with problems.\n`,
      stderr: '',
    });
  });
});

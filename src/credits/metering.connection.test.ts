import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatures } from '../app.js';
import { startTestApp, type TestApp } from '../../tests/support/app.js';
import { meteredTestFeature } from '../../tests/support/metered-feature.js';
import { sendRawRequest, waitFor } from '../../tests/support/raw-client.js';

/**
 * Issue 16, item 7: a client that is gone before (or while) its hold is written is not
 * charged. Real server over HTTP; each client writes a whole request on a raw socket and
 * destroys it at once, before any answer can come back.
 */
describe('a client that leaves before its answer', () => {
  let t: TestApp;
  let origin: string;
  const metered = meteredTestFeature();
  beforeAll(async () => {
    t = await startTestApp(
      { THROTTLE_KEY_RATE: '100000/min', THROTTLE_ACCOUNT_RATE: '100000/min' },
      { features: (parts) => [...defaultFeatures(parts), metered.feature(parts)] },
    );
    origin = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  const send = (key: string, payload: Record<string, unknown>) =>
    sendRawRequest(origin, {
      method: 'POST',
      path: '/api/v1/test/metered',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(payload),
    });

  async function settled(userId: number): Promise<void> {
    // Nothing is left open once the server has dealt with every request of the account.
    await waitFor('no open hold', async () => (await t.quarry.services.ledger.audit()).find((r) => r.userId === userId)?.openHolds === 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const charges = async (userId: number) =>
    Number(
      (
        await t.quarry.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('kind', '=', 'charge')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('holds and charges nothing when the socket closed before the hold', async () => {
    const c = await t.customer(20);
    const runs = metered.state.runs;
    for (let i = 0; i < 5; i++) {
      const socket = await send(c.key, { cost: 1, before_hold_ms: 150 });
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(metered.state.runs).toBe(runs); // the work never started
    const holds = await t.quarry.db.selectFrom('holds').select('id').where('user_id', '=', c.id).execute();
    expect(holds).toHaveLength(0);
    await settled(c.id);
    expect(await charges(c.id)).toBe(0);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(20);
  });

  it('charges nothing for a cache hit whose client left before it was served', async () => {
    const c = await t.customer(20);
    const warm = { cost: 2, cache_key: `left-${c.id}` };
    const first = await fetch(`${origin}/api/v1/test/metered`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': c.key },
      body: JSON.stringify(warm),
    });
    expect(first.status).toBe(200);
    expect(await charges(c.id)).toBe(1);
    for (let i = 0; i < 3; i++) {
      const socket = await send(c.key, { ...warm, before_hold_ms: 150 });
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settled(c.id);
    expect(await charges(c.id)).toBe(1);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(18);
  });

  it('releases the hold when the socket closes while the work runs', async () => {
    const c = await t.customer(20);
    const runs = metered.state.runs;
    const socket = await send(c.key, { cost: 3, delay_ms: 2000 });
    await waitFor('the work to start', () => metered.state.runs > runs);
    socket.destroy();
    await settled(c.id);
    expect(await charges(c.id)).toBe(0);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(20);
  });

  it('still charges a client that stays for its answer', async () => {
    const c = await t.customer(20);
    const res = await fetch(`${origin}/api/v1/test/metered`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': c.key },
      body: JSON.stringify({ cost: 2 }),
    });
    expect(res.status).toBe(200);
    expect(await t.quarry.services.ledger.balance(c.id)).toBe(18);
  });
});

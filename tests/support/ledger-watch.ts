/**
 * What metered calls wrote to one account's ledger, call by call: proves a cache hit is one
 * `charge` entry while a miss is a hold, its release and a charge.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import type { TestApp } from './app.js';

export interface EntrySeen {
  readonly kind: string;
  readonly amount: number;
  readonly endpoint: string | null;
}

export interface LedgerWatch {
  /** The entries written since the watch began or since the last call, oldest first. */
  next(): Promise<EntrySeen[]>;
  /** How many of the account's holds are still open. */
  openHolds(): Promise<number>;
}

export async function watchLedger(db: Kysely<Database>, userId: number): Promise<LedgerWatch> {
  const newest = async () =>
    Number(
      (
        await db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.id ?? 0,
    );
  let seen = await newest();
  return {
    async next() {
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['id', 'kind', 'amount', 'endpoint'])
        .where('user_id', '=', userId)
        .where('id', '>', seen)
        .orderBy('id')
        .execute();
      if (rows.length > 0) seen = Number(rows.at(-1)!.id);
      return rows.map((row) => ({ kind: row.kind, amount: Number(row.amount), endpoint: row.endpoint }));
    },
    async openHolds() {
      const row = await db
        .selectFrom('holds')
        .select((eb) => eb.fn.countAll().as('open'))
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(row?.open ?? 0);
    },
  };
}

type Customer = Awaited<ReturnType<TestApp['customer']>>;

/** A new customer with `credits`, and a watch on its ledger from before its first call. */
export async function customerWithLedger(t: TestApp, credits: number): Promise<{ customer: Customer; ledger: LedgerWatch }> {
  const customer = await t.customer(credits);
  return { customer, ledger: await watchLedger(t.quarry.db, customer.id) };
}

/** The customer's usage totals as `GET /api/v1/usage/` reports them. */
export async function usageTotal(t: TestApp, access: string): Promise<{ requests: number; credits: number; failed: number }> {
  const usage = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/usage/', headers: { authorization: `Bearer ${access}` } });
  return (usage.json() as { total: { requests: number; credits: number; failed: number } }).total;
}

/**
 * A call refused for want of credits: the contract's 402 body, not served (so not a cache hit
 * either), and nothing written to the ledger.
 */
export async function expectRefusedUnwritten(refused: LightMyRequestResponse, ledger: LedgerWatch, creditsRemaining: number): Promise<void> {
  expect(refused.statusCode).toBe(402);
  expect(refused.json()).toEqual({ error: 'Insufficient credits', credits_remaining: creditsRemaining, upgrade_url: '/plans' });
  expect(refused.headers['x-cache']).toBeUndefined();
  expect(await ledger.next()).toEqual([]);
}

/** Every account's balance equals its ledger sum, none is negative, and no hold is left open. */
export async function expectAuditClean(t: TestApp): Promise<void> {
  for (const row of await t.quarry.services.ledger.audit()) {
    expect(row.balance, `account ${row.email}`).toBe(row.ledgerSum);
    expect(row.balance, `account ${row.email}`).toBeGreaterThanOrEqual(0);
    expect(row.openHolds, `account ${row.email}`).toBe(0);
  }
}

/** The entries of a call held `held`, charged `charged` and settled: a miss. */
export function heldAndSettled(endpoint: string, held: number, charged: number): EntrySeen[] {
  return [
    { kind: 'hold', amount: 0 - held, endpoint },
    { kind: 'release', amount: held, endpoint },
    { kind: 'charge', amount: 0 - charged, endpoint },
  ];
}

/** The one entry of a call whose cost was known before the work (a cache hit). */
export function chargedInOneStep(endpoint: string, charged: number): EntrySeen[] {
  return [{ kind: 'charge', amount: 0 - charged, endpoint }];
}

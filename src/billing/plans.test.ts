import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlansFileError } from './errors.js';
import { PlanListBody, toPlanBody } from './plan-schema.js';
import { defaultPlansFile, loadPlans, parsePlans } from './plans.js';

const PADDLE_PRICE = 'pri_01h8dzxgkvdwemdhbpcapj2tbj';
const valid = { id: 'starter', name: 'Starter', credits: 1000, price: '9.00', currency: 'USD', paddle_price_id: PADDLE_PRICE };

function problemWith(json: unknown): string {
  try {
    parsePlans(json, 'plans.json');
  } catch (error) {
    expect(error).toBeInstanceOf(PlansFileError);
    const message = (error as PlansFileError).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected the plans to be rejected');
}

describe('the default plan set', () => {
  it('loads from config/plans.json with three plans priced in minor units', async () => {
    const catalog = await loadPlans(defaultPlansFile);
    expect(catalog.list().map((plan) => plan.id)).toEqual(['starter', 'pro', 'scale']);
    const starter = catalog.get('starter');
    expect(starter).toMatchObject({ price: '9.00', priceMinor: 900, currency: 'USD' });
    expect(starter?.credits).toBeGreaterThan(0);
  });

  it('ships without provider prices, which each operator creates in their own Paddle account', async () => {
    const catalog = await loadPlans(defaultPlansFile);
    for (const plan of catalog.list()) expect(plan.providerPriceIds).toEqual({});
  });

  it('serves plans in the documented schema, without provider price ids', async () => {
    const served = (await loadPlans(defaultPlansFile)).list().map(toPlanBody);
    expect(Value.Check(PlanListBody, served)).toBe(true);
    expect(JSON.stringify(served)).not.toContain('price_id');
  });
});

describe('parsing plans', () => {
  it('keeps the file order and finds plans by id', () => {
    const catalog = parsePlans([valid, { ...valid, id: 'pro', price: '49.90', paddle_price_id: null }], 'plans.json');
    expect(catalog.list().map((plan) => plan.id)).toEqual(['starter', 'pro']);
    expect(catalog.get('pro')?.priceMinor).toBe(4990);
    expect(catalog.get('starter')?.providerPriceIds).toEqual({ paddle: PADDLE_PRICE });
    expect(catalog.get('enterprise')).toBeUndefined();
  });

  it("uses the currency's own minor digits", () => {
    const yen = parsePlans([{ ...valid, currency: 'JPY', price: '1200' }], 'plans.json').get('starter');
    expect(yen?.priceMinor).toBe(1200);
    expect(problemWith([{ ...valid, currency: 'JPY', price: '1200.00' }])).toContain('0 decimals for JPY');
  });

  it("accepts another provider's price id beside Paddle's", () => {
    const plan = parsePlans([{ ...valid, stripe_price_id: 'price_1NxYz' }], 'plans.json').get('starter');
    expect(plan?.providerPriceIds).toEqual({ paddle: PADDLE_PRICE, stripe: 'price_1NxYz' });
  });
});

describe('rejecting a bad plans file with one line naming the file and the problem', () => {
  it.each([
    ['not an array', { plans: [valid] }, 'plans.json: expected a JSON array of plans'],
    ['an empty list', [], 'plans.json: the plan list is empty'],
    ['a plan that is not an object', ['starter'], 'plans.json: plans[0] must be an object'],
    ['a duplicate id', [valid, { ...valid, name: 'Again' }], 'plans.json: plans[1].id "starter" is used twice'],
    ['an id with capitals', [{ ...valid, id: 'Starter' }], 'plans[0].id must be a lowercase slug'],
    ['a missing name', [{ ...valid, name: '' }], 'plans[0].name must be a non-empty string'],
    ['zero credits', [{ ...valid, credits: 0 }], 'plans[0].credits must be a positive integer, got 0'],
    ['fractional credits', [{ ...valid, credits: 1.5 }], 'plans[0].credits must be a positive integer, got 1.5'],
    ['a price as a JSON number', [{ ...valid, price: 9 }], 'plans[0].price must be a decimal string with 2 decimals for USD (e.g. "9.00"), got 9'],
    ['a price with one decimal', [{ ...valid, price: '9.5' }], 'got "9.5"'],
    ['a negative price', [{ ...valid, price: '-9.00' }], 'plans[0].price must be a decimal string'],
    ['a zero price', [{ ...valid, price: '0.00' }], 'plans[0].price must be greater than zero'],
    ['a lowercase currency', [{ ...valid, currency: 'usd' }], 'plans[0].currency must be an upper-case ISO 4217 code'],
    ['an unknown currency', [{ ...valid, currency: 'XYZ' }], 'got "XYZ"'],
    [
      'a Paddle product id instead of a price id',
      [{ ...valid, paddle_price_id: 'pro_01h8dzxgkvdwemdhbpcapj2tbj' }],
      'plans[0].paddle_price_id must be null or a paddle price id',
    ],
    ['a misspelt field', [{ ...valid, credit: 10 }], 'plans[0] has an unknown field "credit"'],
  ])('rejects %s', (_case, json, expected) => {
    expect(problemWith(json)).toContain(expected);
  });
});

describe('loading a plans file from disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-plans-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names a missing file and why it cannot be read', async () => {
    const file = join(dir, 'absent.json');
    await expect(loadPlans(file)).rejects.toThrow(`${file}: cannot read the plans file (ENOENT)`);
  });

  it('names a file that is not JSON', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '[{"id": "starter",]');
    await expect(loadPlans(file)).rejects.toThrow(new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}: not valid JSON \\(`));
  });

  it("reports validation problems under the file's path", async () => {
    const file = join(dir, 'plans.json');
    await writeFile(file, JSON.stringify([{ ...valid, price: '9' }]));
    await expect(loadPlans(file)).rejects.toThrow(`${file}: plans[0].price must be a decimal string`);
  });
});

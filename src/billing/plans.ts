import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PlansFileError } from './errors.js';
import { minorDigits } from './money.js';

/**
 * A credit pack that can be bought.
 *
 * The plans file is a JSON array of objects:
 * `{"id", "name", "credits", "price", "currency", "<provider>_price_id"?}`.
 * - `id`: lowercase slug (`^[a-z0-9][a-z0-9_-]{0,63}$`), unique in the file.
 * - `credits`: positive integer granted once per paid transaction.
 * - `price`: a decimal string with exactly the currency's minor digits ("9.00" for USD,
 *   "1200" for JPY). A string, not a JSON number, so no float ever touches money.
 * - `currency`: ISO 4217 code in upper case.
 * - `paddle_price_id` (and any other `<provider>_price_id`): the provider's catalog price for
 *   this plan, or null/absent when the plan is not sold through that provider yet.
 */
export interface Plan {
  readonly id: string;
  readonly name: string;
  readonly credits: number;
  /** Display price, exactly as written in the file ("9.00"). */
  readonly price: string;
  /** The same price in minor units (900 for "9.00" USD). */
  readonly priceMinor: number;
  readonly currency: string;
  /** Provider name → that provider's price id, e.g. `{ paddle: 'pri_…' }`. */
  readonly providerPriceIds: Readonly<Record<string, string>>;
}

/** The validated plan set. Order is the file's order (the order plans are shown in). */
export interface PlanCatalog {
  list(): readonly Plan[];
  get(id: string): Plan | undefined;
}

/** `config/plans.json` of this repository: the documented default plan set. */
export const defaultPlansFile = fileURLToPath(new URL('../../config/plans.json', import.meta.url));

const PLAN_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const CURRENCY = /^[A-Z]{3}$/;
const PROVIDER_PRICE_KEY = /^([a-z][a-z0-9]*)_price_id$/;
const BASE_KEYS = new Set(['id', 'name', 'credits', 'price', 'currency']);
/** Known providers' price-id shapes, so a pasted product id or a typo fails at start, not at checkout. */
const PRICE_ID_SHAPES: Readonly<Record<string, RegExp>> = {
  paddle: /^pri_[a-z0-9]{26}$/,
  stripe: /^price_[A-Za-z0-9]+$/,
};
const MAX_NAME_LENGTH = 100;
const SUPPORTED_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Reads and validates a plans file. Throws PlansFileError with a one-line message naming the file. */
export async function loadPlans(file: string): Promise<PlanCatalog> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new PlansFileError(file, `cannot read the plans file (${reason})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'syntax error';
    throw new PlansFileError(file, `not valid JSON (${reason})`);
  }
  return parsePlans(json, file);
}

/** Validates already-parsed plans JSON; `source` names it in error messages. */
export function parsePlans(json: unknown, source: string): PlanCatalog {
  if (!Array.isArray(json)) throw new PlansFileError(source, 'expected a JSON array of plans');
  if (json.length === 0) throw new PlansFileError(source, 'the plan list is empty');
  const plans: Plan[] = [];
  const byId = new Map<string, Plan>();
  json.forEach((entry: unknown, index) => {
    const plan = parsePlan(entry, `plans[${index}]`, source);
    if (byId.has(plan.id)) throw new PlansFileError(source, `plans[${index}].id "${plan.id}" is used twice`);
    byId.set(plan.id, plan);
    plans.push(plan);
  });
  const frozen = Object.freeze(plans);
  return {
    list: () => frozen,
    get: (id) => byId.get(id),
  };
}

function parsePlan(entry: unknown, at: string, source: string): Plan {
  const fail = (problem: string): never => {
    throw new PlansFileError(source, `${at}${problem}`);
  };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return fail(' must be an object');
  const record = entry as Record<string, unknown>;

  const { id, name, credits, price, currency } = record;
  if (typeof id !== 'string' || !PLAN_ID.test(id)) {
    return fail(`.id must be a lowercase slug matching ${PLAN_ID.source}, got ${describe(id)}`);
  }
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
    return fail(`.name must be a non-empty string of at most ${MAX_NAME_LENGTH} characters, got ${describe(name)}`);
  }
  if (typeof credits !== 'number' || !Number.isSafeInteger(credits) || credits < 1) {
    return fail(`.credits must be a positive integer, got ${describe(credits)}`);
  }
  if (typeof currency !== 'string' || !CURRENCY.test(currency) || !SUPPORTED_CURRENCIES.has(currency)) {
    return fail(`.currency must be an upper-case ISO 4217 code such as "USD", got ${describe(currency)}`);
  }
  const digits = minorDigits(currency);
  const priceMinor = typeof price === 'string' ? parseDecimalPrice(price, digits) : undefined;
  if (priceMinor === undefined) {
    const example = digits === 0 ? '"1200"' : `"9.${'0'.repeat(digits)}"`;
    return fail(`.price must be a decimal string with ${digits} decimals for ${currency} (e.g. ${example}), got ${describe(price)}`);
  }
  if (priceMinor === 0) return fail('.price must be greater than zero');

  const providerPriceIds: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (BASE_KEYS.has(key)) continue;
    const provider = PROVIDER_PRICE_KEY.exec(key)?.[1];
    if (provider === undefined) return fail(` has an unknown field "${key}"`);
    if (value === null) continue;
    const shape = PRICE_ID_SHAPES[provider];
    if (typeof value !== 'string' || value === '' || (shape !== undefined && !shape.test(value))) {
      return fail(`.${key} must be null or a ${provider} price id${shape ? ` matching ${shape.source}` : ''}, got ${describe(value)}`);
    }
    providerPriceIds[provider] = value;
  }

  return Object.freeze({
    id,
    name,
    credits,
    price: price as string,
    priceMinor,
    currency,
    providerPriceIds: Object.freeze(providerPriceIds),
  });
}

function parseDecimalPrice(text: string, digits: number): number | undefined {
  const pattern = digits === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.(\\d{${digits}})$`);
  const match = pattern.exec(text);
  if (!match) return undefined;
  const minor = Number(`${match[1]}${match[2] ?? ''}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

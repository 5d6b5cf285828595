import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { InvalidInputError } from '../errors.js';
import type { AuthHooks } from '../http/auth.js';
import { paginate } from '../http/pagination.js';
import { ErrorDetail, FieldErrors, Nullable, PaginatedList, StringEnum } from '../http/schema.js';
import type { App } from '../http/server.js';
import type { Ledger } from './ledger.js';
import { usageOf, type UsageGroup } from './usage.js';

export const CreditsBalance = Type.Object({ credits_remaining: Type.Integer() }, { $id: 'CreditsBalance' });

export const LedgerEntry = Type.Object(
  {
    id: Type.Integer(),
    amount: Type.Integer({ description: 'Credits added (positive) or taken (negative)' }),
    kind: StringEnum(['grant', 'purchase', 'hold', 'charge', 'release', 'refund', 'adjustment']),
    balance_after: Type.Integer(),
    api_key_id: Nullable(Type.Integer()),
    endpoint: Nullable(Type.String()),
    request_id: Nullable(Type.String()),
    note: Nullable(Type.String()),
    created: Type.String({ format: 'date-time' }),
  },
  { $id: 'LedgerEntry' },
);

export const PaginatedLedgerEntryList = PaginatedList(Type.Ref(LedgerEntry), 'PaginatedLedgerEntryList');

const UsageBucket = Type.Object({
  day: Type.Optional(Type.String()),
  key_id: Type.Optional(Nullable(Type.Integer())),
  endpoint: Type.Optional(Nullable(Type.String())),
  requests: Type.Integer({ description: 'Finished metered calls, charged or not' }),
  credits: Type.Integer({ description: 'Credits charged' }),
  failed: Type.Integer({ description: 'Of `requests`, the calls that failed (or whose client left) and were not charged' }),
});

export const Usage = Type.Object(
  {
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    group: StringEnum(['day', 'key', 'endpoint']),
    total: Type.Object({ requests: Type.Integer(), credits: Type.Integer(), failed: Type.Integer() }),
    results: Type.Array(UsageBucket),
  },
  { $id: 'Usage', description: 'Finished metered requests (failed ones included, uncharged) and the credits they cost, from the holds and the ledger.' },
);

export const creditSchemas = [CreditsBalance, LedgerEntry, PaginatedLedgerEntryList, Usage];

// A date, or a UTC datetime (`Z` optional: a bound without a zone is read as UTC, not server time).
const BOUND = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?Z?)?$/;

/**
 * `from`/`to` as dates or UTC datetimes; a bare `to` date includes that whole day. A date
 * that is not on the calendar (`2026-02-30`, hour 24) is refused, not rolled over into the next
 * month as JavaScript's Date would.
 */
function parseBound(field: string, raw: string | undefined, fallback: Date, endOfDay: boolean): Date {
  if (raw === undefined || raw === '') return fallback;
  const value = calendarDate(raw);
  if (value === undefined) throw InvalidInputError.field(field, 'Enter a valid date (YYYY-MM-DD) or UTC datetime.');
  return endOfDay && raw.length === 10 ? new Date(value.getTime() + 86_400_000) : value;
}

function calendarDate(raw: string): Date | undefined {
  const match = BOUND.exec(raw);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  const millis = match[7] === undefined ? 0 : Math.floor(Number(match[7]) * 1000);
  const value = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second, millis));
  const onCalendar =
    value.getUTCFullYear() === year &&
    value.getUTCMonth() === month! - 1 &&
    value.getUTCDate() === day &&
    value.getUTCHours() === hour &&
    value.getUTCMinutes() === minute &&
    value.getUTCSeconds() === second;
  return onCalendar ? value : undefined;
}

export function registerCreditRoutes(app: App, deps: { ledger: Ledger; auth: AuthHooks; db: Kysely<Database>; pageSize: number; now: () => Date }): void {
  const tags = ['credits'];
  app.get(
    '/api/v1/account/credits/',
    {
      onRequest: deps.auth.requireUserOrKey,
      schema: {
        tags,
        summary: 'The balance of the account that owns the API key (or of the logged-in user)',
        security: [{ ApiKeyAuth: [] }, { jwtAuth: [] }],
        response: { 200: Type.Ref(CreditsBalance), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => ({ credits_remaining: await deps.ledger.balance(request.user!.id) }),
  );

  app.get(
    '/api/v1/usage/',
    {
      onRequest: deps.auth.requireUserOrKey,
      schema: {
        tags,
        summary: 'Requests and credits by day, key or endpoint',
        security: [{ jwtAuth: [] }, { ApiKeyAuth: [] }],
        querystring: Type.Object({
          // The longest bound the parser reads is a datetime with a fraction of a second: 64 is ample.
          from: Type.Optional(Type.String({ maxLength: 64, description: 'Start (YYYY-MM-DD or UTC datetime); default 30 days before `to`.' })),
          to: Type.Optional(Type.String({ maxLength: 64, description: 'End, exclusive (a date counts whole); default now.' })),
          group: Type.Optional(StringEnum(['day', 'key', 'endpoint'])),
        }),
        response: { 200: Type.Ref(Usage), 400: Type.Ref(FieldErrors), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => {
      const now = deps.now();
      // `to` is exclusive: by default it lies just past now, so a call finished this millisecond counts.
      const to = parseBound('to', request.query.to, new Date(now.getTime() + 1), true);
      const from = parseBound('from', request.query.from, new Date(to.getTime() - 30 * 86_400_000), false);
      // An empty window is a mistake, not a question with no answer: say which bound to move.
      if (from.getTime() > to.getTime()) {
        throw new InvalidInputError({ from: ['Ensure this is not after `to`.'], to: ['Ensure this is not before `from`.'] });
      }
      const group: UsageGroup = request.query.group ?? 'day';
      const results = await usageOf(deps.db, request.user!.id, from.toISOString(), to.toISOString(), group);
      const total = results.reduce((sum, r) => ({ requests: sum.requests + r.requests, credits: sum.credits + r.credits, failed: sum.failed + r.failed }), {
        requests: 0,
        credits: 0,
        failed: 0,
      });
      return { from: from.toISOString(), to: to.toISOString(), group, total, results };
    },
  );

  app.get(
    '/api/v1/credits/ledger/',
    {
      onRequest: deps.auth.requireUserOrKey,
      schema: {
        tags,
        summary: "The account's ledger, newest first",
        security: [{ jwtAuth: [] }, { ApiKeyAuth: [] }],
        querystring: Type.Object({ page: Type.Optional(Type.String()) }),
        response: { 200: Type.Ref(PaginatedLedgerEntryList), 401: Type.Ref(ErrorDetail), 404: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      return paginate(
        request,
        deps.pageSize,
        async () =>
          Number(
            (
              await deps.db
                .selectFrom('ledger_entries')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('user_id', '=', userId)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        (offset, limit) =>
          deps.db
            .selectFrom('ledger_entries')
            .select(['id', 'amount', 'kind', 'balance_after', 'api_key_id', 'endpoint', 'request_id', 'note', 'created'])
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .offset(offset)
            .limit(limit)
            .execute(),
      );
    },
  );
}

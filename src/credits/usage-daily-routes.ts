import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { InvalidInputError } from '../errors.js';
import type { AuthHooks } from '../http/auth.js';
import { ErrorDetail, FieldErrors } from '../http/schema.js';
import type { App } from '../http/server.js';
import { dailyUsageByEndpoint, lastDays, ledgerCsv } from './usage-daily.js';

export const DailyUsage = Type.Object(
  {
    days: Type.Array(Type.String({ format: 'date' }), { description: 'Every UTC day of the window, oldest first (days without usage included)' }),
    endpoints: Type.Array(Type.String(), { description: 'Endpoints with charges in the window (`search`, a vertical, `scrape`, `chat`…)' }),
    results: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), endpoint: Type.String(), requests: Type.Integer(), credits: Type.Integer() }), {
      description: 'Only the (day, endpoint) pairs that had charges',
    }),
    total: Type.Object({ requests: Type.Integer(), credits: Type.Integer() }),
  },
  { $id: 'DailyUsage', description: 'Credits used per UTC day and endpoint, for a chart.' },
);

export const dailyUsageSchemas = [DailyUsage];

function windowDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 30;
  const days = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= 366)) throw InvalidInputError.field('days', 'Ensure this value is a whole number from 1 to 366.');
  return days;
}

export function registerDailyUsageRoutes(app: App, deps: { auth: AuthHooks; db: Kysely<Database>; now: () => Date }): void {
  const tags = ['credits'];
  const security = [{ jwtAuth: [] }];

  app.get(
    '/api/v1/usage/daily/',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags,
        security,
        summary: 'Credits used per day, split by endpoint, over the last `days` days (default 30)',
        querystring: Type.Object({ days: Type.Optional(Type.String({ description: 'Days in the window, 1 to 366' })) }),
        response: { 200: Type.Ref(DailyUsage), 400: Type.Ref(FieldErrors), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => {
      const days = lastDays(deps.now(), windowDays(request.query.days));
      const results = await dailyUsageByEndpoint(deps.db, request.user!.id, `${days[0]}T00:00:00.000Z`);
      const endpoints = [...new Set(results.map((r) => r.endpoint))].sort();
      const total = results.reduce((sum, r) => ({ requests: sum.requests + r.requests, credits: sum.credits + r.credits }), { requests: 0, credits: 0 });
      return { days, endpoints, results, total };
    },
  );

  app.get(
    '/api/v1/credits/ledger/export/',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags,
        security,
        summary: "The account's whole ledger as CSV, newest first, with key names",
        produces: ['text/csv'],
        response: {
          200: {
            description: 'CSV: created, kind, amount, endpoint, api_key_id, key_name, key_prefix, balance_after, request_id, note',
            content: { 'text/csv': { schema: Type.String() } },
          },
          401: Type.Ref(ErrorDetail),
        },
      },
    },
    async (request, reply) => {
      // Streamed batch by batch; the schema's string is what the client receives in the end.
      const csv = Readable.from(ledgerCsv(deps.db, request.user!.id)) as unknown as string;
      const stamp = deps.now().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="quarry-ledger-${stamp}.csv"`).send(csv);
    },
  );
}

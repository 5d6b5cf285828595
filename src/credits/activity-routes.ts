import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AuthHooks } from '../http/auth.js';
import { paginate } from '../http/pagination.js';
import { ErrorDetail, Nullable, PaginatedList, StringEnum } from '../http/schema.js';
import type { App } from '../http/server.js';
import { activityPage, countActivity } from './activity.js';
import { LedgerEntry } from './routes.js';

export const Activity = Type.Object(
  {
    id: Type.String({ description: 'The hold id of a call, or the entry id of anything else' }),
    kind: StringEnum(['call', 'grant', 'purchase', 'refund', 'adjustment']),
    status: Nullable(
      StringEnum(['charged', 'failed', 'running'], {
        description: 'Of a call: charged (zero included), failed (released, nothing charged) or running (credits held)',
      }),
    ),
    amount: Type.Integer({ description: 'The net change of the balance' }),
    balance_after: Type.Integer(),
    api_key_id: Nullable(Type.Integer()),
    endpoint: Nullable(Type.String()),
    request_id: Nullable(Type.String()),
    note: Nullable(Type.String()),
    created: Type.String({ format: 'date-time' }),
    entries: Type.Array(Type.Ref(LedgerEntry), { description: 'Its ledger entries (hold, release, charge…), oldest first' }),
  },
  { $id: 'Activity' },
);

export const PaginatedActivityList = PaginatedList(Type.Ref(Activity), 'PaginatedActivityList');

export const activitySchemas = [Activity, PaginatedActivityList];

/** The ledger read as one line per call (its hold, release and charge folded together) and one per grant or purchase. */
export function registerActivityRoutes(app: App, deps: { auth: AuthHooks; db: Kysely<Database>; pageSize: number }): void {
  app.get(
    '/api/v1/credits/activity/',
    {
      onRequest: deps.auth.requireUserOrKey,
      schema: {
        tags: ['credits'],
        summary: "The account's ledger, one line per metered call with its entries, newest first",
        security: [{ jwtAuth: [] }, { ApiKeyAuth: [] }],
        querystring: Type.Object({ page: Type.Optional(Type.String()) }),
        response: { 200: Type.Ref(PaginatedActivityList), 401: Type.Ref(ErrorDetail), 404: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      return paginate(
        request,
        deps.pageSize,
        () => countActivity(deps.db, userId),
        (offset, limit) => activityPage(deps.db, userId, offset, limit),
      );
    },
  );
}

/**
 * `GET /api/v1/search/verticals/`: which verticals can answer a search now, with which engines, and
 * for those that cannot, what would turn an engine on. The dashboard's playground shows it next to
 * the search form, so a newcomer sees why a vertical would answer 503 before trying it.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AuthHooks } from '../http/auth.js';
import { ErrorDetail } from '../http/schema.js';
import type { App } from '../http/server.js';
import type { VerticalReadiness } from './readiness.js';
import type { SearchService } from './search-service.js';
import { VERTICALS } from './verticals.js';

const VerticalReadinessEntry = Type.Object(
  {
    vertical: Type.Union(VERTICALS.map((vertical) => Type.Literal(vertical))),
    can_answer: Type.Boolean({ description: 'false: a search of it answers 503 and charges nothing' }),
    engines: Type.Array(Type.String(), { description: 'the engines that can answer it now, in the order they are tried' }),
    setup: Type.Array(Type.String(), {
      description: 'when it cannot answer: what would turn an engine on (a setting such as SERPER_API_KEY, or `quarry crawl <url>`)',
    }),
  },
  { title: 'VerticalReadiness' },
);

export const VerticalReadinessList = Type.Object(
  { count: Type.Integer({ minimum: 0 }), results: Type.Array(VerticalReadinessEntry) },
  { title: 'VerticalReadinessList' },
);
type VerticalReadinessList = Static<typeof VerticalReadinessList>;

function listed(readiness: readonly VerticalReadiness[]): VerticalReadinessList {
  const results = readiness.map(({ vertical, canAnswer, engines, setup }) => ({ vertical, can_answer: canAnswer, engines: [...engines], setup: [...setup] }));
  return { count: results.length, results };
}

/**
 * Any logged-in user or API key, not anonymous visitors: it names the upstream services the operator
 * configured (which every customer already sees in `searchParameters.engine`), but no key, address
 * or error message, unlike the staff-only engine health.
 */
export function registerVerticalReadinessRoute(app: App, deps: { readonly auth: AuthHooks; readonly service: Pick<SearchService, 'readiness'> }): void {
  app.get(
    '/api/v1/search/verticals/',
    {
      onRequest: deps.auth.requireUserOrKey,
      schema: {
        tags: ['search'],
        security: [{ jwtAuth: [] }, { ApiKeyAuth: [] }],
        summary: 'Which search verticals can answer now, and what would turn the others on',
        description: 'Free. A vertical that cannot answer (no engine configured, an empty local index) answers 503 and charges nothing.',
        response: { 200: VerticalReadinessList, 401: Type.Ref(ErrorDetail) },
      },
    },
    async () => listed(await deps.service.readiness()),
  );
}

import { Type } from '@sinclair/typebox';
import type { Config } from '../config/index.js';
import { Nullable, StringEnum } from '../http/schema.js';
import type { App } from '../http/server.js';

export const DashboardConfig = Type.Object(
  {
    payments: Type.Object({
      enabled: Type.Boolean({ description: 'Whether checkout works: a Paddle API key and a Paddle.js client token are configured' }),
      provider: Type.String({ examples: ['paddle'] }),
      environment: StringEnum(['sandbox', 'production']),
      client_token: Nullable(Type.String({ description: 'Public Paddle.js token for `Paddle.Initialize`' })),
    }),
    docs_url: Type.String(),
  },
  { $id: 'DashboardConfig', description: 'What the dashboard needs to know before a user logs in; nothing secret.' },
);

export const dashboardConfigSchemas = [DashboardConfig];

/** Public settings of the dashboard (no authentication): whether payments are configured, and Paddle.js's public token. */
export function registerDashboardConfigRoute(app: App, config: Pick<Config, 'paddleApiKey' | 'paddleClientToken' | 'paddleEnvironment'>): void {
  app.get(
    '/api/v1/dashboard/config/',
    { schema: { tags: ['dashboard'], summary: 'Public settings the dashboard reads at start', response: { 200: Type.Ref(DashboardConfig) } } },
    async () => ({
      payments: {
        enabled: Boolean(config.paddleApiKey && config.paddleClientToken),
        provider: 'paddle',
        environment: config.paddleEnvironment,
        client_token: config.paddleClientToken ?? null,
      },
      docs_url: '/api/v1/docs/',
    }),
  );
}

import { Type } from '@sinclair/typebox';
import type { AuthHooks } from '../http/auth.js';
import { ErrorDetail } from '../http/schema.js';
import type { App } from '../http/server.js';
import type { Ledger } from './ledger.js';

export const CreditsBalance = Type.Object({ credits_remaining: Type.Integer() }, { $id: 'CreditsBalance' });

export function registerCreditRoutes(app: App, deps: { ledger: Ledger; auth: AuthHooks }): void {
  app.get(
    '/api/v1/account/credits/',
    {
      onRequest: deps.auth.requireApiKey,
      schema: { tags: ['credits'], summary: 'The balance of the account that owns the API key', security: [{ ApiKeyAuth: [] }], response: { 200: Type.Ref(CreditsBalance), 401: Type.Ref(ErrorDetail) } },
    },
    async (request) => ({ credits_remaining: await deps.ledger.balance(request.apiKey!.userId) }),
  );
}

import { Type } from '@sinclair/typebox';
import type { AuthHooks } from '../http/auth.js';
import { ErrorDetail, FieldErrors, ServerError } from '../http/schema.js';
import type { App } from '../http/server.js';
import { PlanBody, toPlanBody } from './plan-schema.js';
import { BillingStatus, CheckoutTransaction, ConfirmTransaction, PurchaseRequest } from './schemas.js';
import type { BillingService } from './service.js';
import { toBillingStatus, toCheckoutTransaction } from './views.js';
import { registerWebhookRoute } from './webhook-route.js';

export interface BillingRouteDeps {
  readonly billing: BillingService;
  readonly auth: AuthHooks;
}

const tags = ['billing'];
const security = [{ jwtAuth: [] }];
const upstream = { 502: Type.Ref(ServerError), 503: Type.Ref(ServerError) };

export async function registerBillingRoutes(app: App, deps: BillingRouteDeps): Promise<void> {
  const { billing } = deps;
  const onRequest = deps.auth.requireUser;

  app.get(
    '/api/v1/billing/plans/',
    { schema: { tags, summary: 'The credit packs on sale (no authentication)', response: { 200: Type.Array(Type.Ref(PlanBody)) } } },
    async () => billing.plans().map(toPlanBody),
  );

  app.post(
    '/api/v1/billing/checkout/create-transaction/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create a provider transaction for a plan and get what the browser needs to open its checkout',
        body: Type.Ref(PurchaseRequest),
        response: { 200: Type.Ref(CheckoutTransaction), 400: Type.Ref(FieldErrors), 401: Type.Ref(ErrorDetail), ...upstream },
      },
    },
    async (request) => {
      const user = request.user!;
      return toCheckoutTransaction(await billing.checkout({ id: user.id, email: user.email }, request.body.plan));
    },
  );

  app.post(
    '/api/v1/billing/checkout/confirm/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Check a transaction with the provider; grants its credits (once) when it is paid',
        body: Type.Ref(ConfirmTransaction),
        response: { 200: Type.Ref(BillingStatus), 400: Type.Ref(FieldErrors), 401: Type.Ref(ErrorDetail), 404: Type.Ref(ErrorDetail), ...upstream },
      },
    },
    async (request) => toBillingStatus(await billing.confirm(request.user!.id, request.body.transaction_id)),
  );

  app.get(
    '/api/v1/billing/status/',
    {
      // Reading the status is harmless with an API key; checkout and confirm stay a login's business.
      onRequest: deps.auth.requireUserOrKey,
      schema: {
        tags,
        security: [...security, { ApiKeyAuth: [] }],
        summary: 'Your transactions, newest first',
        response: { 200: Type.Array(Type.Ref(BillingStatus)), 401: Type.Ref(ErrorDetail) },
      },
    },
    async (request) => (await billing.status(request.user!.id)).map(toBillingStatus),
  );

  await registerWebhookRoute(app, billing);
}

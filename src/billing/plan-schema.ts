import { Type, type Static } from '@sinclair/typebox';
import type { Plan } from './plans.js';

/**
 * A plan as served by `GET /api/v1/billing/plans/`. Provider price ids stay server-side:
 * checkout goes through a transaction we create, so clients never need them.
 */
export const PlanBody = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$', description: 'Plan id, used in PurchaseRequest.' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    credits: Type.Integer({ minimum: 1, description: 'Credits granted once the transaction is paid.' }),
    price: Type.String({
      pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$',
      description: 'Decimal amount with the currency\'s minor digits, e.g. "9.00".',
      examples: ['9.00'],
    }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code.' }),
  },
  { $id: 'Plan', additionalProperties: false, description: 'A credit pack on sale.' },
);
export type PlanBody = Static<typeof PlanBody>;

/** The list as a value schema (for checks); routes reference the `Plan` component instead. */
export const PlanListBody = Type.Array(PlanBody);
export type PlanListBody = Static<typeof PlanListBody>;

export function toPlanBody(plan: Plan): PlanBody {
  return { id: plan.id, name: plan.name, credits: plan.credits, price: plan.price, currency: plan.currency };
}

import type { ServiceCommand } from '../command.js';

/** Operator keys live in their own namespace, so they can never collide with the service's own (`signup:<id>`…). */
const IDEMPOTENCY_NAMESPACE = 'cli-grant:';

export const creditsGrantCommand: ServiceCommand = {
  kind: 'service',
  words: ['credits', 'grant'],
  summary: 'grant credits to an account through the ledger',
  description:
    'Adds credits to the account as one ledger entry of kind "grant". With --idempotency-key the\n' +
    'grant is applied at most once per key, however often the command is retried; a repeat exits 0\n' +
    'and says nothing was granted.',
  options: {
    email: { type: 'string', placeholder: 'E', description: 'email address of the account', required: true },
    amount: { type: 'integer', min: 1, placeholder: 'N', description: 'credits to add (a whole number ≥ 1)', required: true },
    note: { type: 'string', placeholder: 'TEXT', description: 'a note kept with the ledger entry' },
    'idempotency-key': { type: 'string', placeholder: 'K', description: 'apply this grant at most once' },
  },
  example: 'quarry credits grant --email ada@example.com --amount 1000 --note "invoice 2024-117" --idempotency-key inv-2024-117',

  async run({ args, services }) {
    const amount = args.integer('amount');
    const user = await services.userByEmail(args.string('email'));
    const key = args.optionalString('idempotency-key');
    const note = args.optionalString('note') ?? null;
    const { applied, balance } = await services.ledger.credit(user.id, amount, {
      kind: 'grant',
      note,
      idempotencyKey: key === undefined ? null : IDEMPOTENCY_NAMESPACE + key,
    });
    return {
      json: { user_id: user.id, email: user.email, amount, applied, credits_remaining: balance, idempotency_key: key ?? null },
      text: applied
        ? `Granted ${amount} credits to ${user.email}; balance ${balance}.`
        : `Nothing granted: idempotency key "${key}" was used before. ${user.email} has ${balance} credits.`,
    };
  },
};

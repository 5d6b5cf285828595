import type { ServiceCommand } from '../command.js';

export const usersCreateCommand: ServiceCommand = {
  kind: 'service',
  words: ['users', 'create'],
  summary: 'create an account (active unless --inactive), optionally with credits',
  description:
    'Creates an account with the same validation as registration (email format, password strength).\n' +
    'The account is active at once unless --inactive is given, in which case the activation mail is\n' +
    'sent as on sign-up. Credits are granted through the ledger, as one "grant" entry.',
  options: {
    email: { type: 'string', placeholder: 'E', description: 'email address of the account', required: true },
    password: { type: 'string', placeholder: 'P', description: 'its password (at least 8 characters, not common, not all digits)', required: true },
    credits: { type: 'integer', min: 0, placeholder: 'N', description: 'credits to grant at creation (default 0)' },
    inactive: { type: 'boolean', description: 'leave the account inactive until the mailed activation link is used' },
  },
  example: 'quarry users create --email ada@example.com --password "correct horse battery" --credits 500',

  async run({ args, services }) {
    const credits = args.optionalInteger('credits') ?? 0;
    const active = !args.flag('inactive');
    const created = await services.accounts.register({ email: args.string('email'), password: args.string('password'), origin: services.origin, active, credits });
    const user = (await services.users.byId(created.id))!;
    const balance = await services.ledger.balance(user.id);
    return {
      json: { id: user.id, email: user.email, is_active: user.is_active === 1, date_joined: user.date_joined, credits_remaining: balance },
      text: `Created user ${user.id} ${user.email} (${active ? 'active' : 'inactive until activated'}) with ${balance} credits.`,
    };
  },
};

import type { ServiceCommand } from '../command.js';
import { plural } from '../table.js';

/** `quarry credits balance --email E`: what `GET /api/v1/account/credits/` tells the account itself. */
export const creditsBalanceCommand: ServiceCommand = {
  kind: 'service',
  words: ['credits', 'balance'],
  summary: "print an account's credit balance",
  description:
    "Prints the account's credit balance, read from the ledger: the credits it can still spend\n" +
    '(credits held by calls in flight are already taken off). Scripts read it with --json.',
  options: { email: { type: 'string', placeholder: 'E', description: 'email address of the account', required: true } },
  example: 'quarry credits balance --email ada@example.com --json',

  async run({ args, services }) {
    const user = await services.userByEmail(args.string('email'));
    const balance = await services.ledger.balance(user.id);
    return {
      json: { user_id: user.id, email: user.email, credits_remaining: balance },
      text: `${user.email} has ${plural(balance, 'credit')}.`,
    };
  },
};

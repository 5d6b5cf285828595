import type { ServiceCommand } from '../command.js';
import { checkPasswordSource, readPassword } from '../password-input.js';

export const usersCreateCommand: ServiceCommand = {
  kind: 'service',
  words: ['users', 'create'],
  summary: 'create an account (active unless --inactive, staff with --staff), optionally with credits',
  description:
    'Creates an account with the same validation as registration (email format, password strength).\n' +
    'The password is read from standard input with --password-stdin, or asked for when run in a\n' +
    'terminal; never from the command line, where `ps` and the shell history would show it.\n' +
    'The account is active at once unless --inactive is given, in which case the activation mail is\n' +
    'sent as on sign-up. --staff makes it a staff account (operator views such as the engine list).\n' +
    'Credits are granted through the ledger, as one "grant" entry.',
  options: {
    email: { type: 'string', placeholder: 'E', description: 'email address of the account', required: true },
    'password-stdin': { type: 'boolean', description: 'read the password from standard input (at least 8 characters, not common, not all digits)' },
    credits: { type: 'integer', min: 0, placeholder: 'N', description: 'credits to grant at creation (default 0)' },
    inactive: { type: 'boolean', description: 'leave the account inactive until the mailed activation link is used' },
    staff: { type: 'boolean', description: 'make it a staff account' },
  },
  example: 'quarry users create --email ada@example.com --password-stdin --staff --credits 500 < password.txt',

  check: (args, io) => checkPasswordSource(io, args.flag('password-stdin')),

  async run({ args, services, io }) {
    const password = await readPassword(io, args.flag('password-stdin'));
    const credits = args.optionalInteger('credits') ?? 0;
    const active = !args.flag('inactive');
    const staff = args.flag('staff');
    const created = await services.accounts.register({ email: args.string('email'), password, origin: services.origin, active, credits });
    if (staff) await services.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', created.id).execute();
    const user = (await services.users.byId(created.id))!;
    const balance = await services.ledger.balance(user.id);
    const kind = `${active ? 'active' : 'inactive until activated'}${staff ? ', staff' : ''}`;
    return {
      json: {
        id: user.id,
        email: user.email,
        is_active: user.is_active === 1,
        is_staff: user.is_staff === 1,
        date_joined: user.date_joined,
        credits_remaining: balance,
      },
      text: `Created user ${user.id} ${user.email} (${kind}) with ${balance} credits.`,
    };
  },
};

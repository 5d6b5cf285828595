import type { ServiceCommand } from '../command.js';
import { plural, table } from '../table.js';

/** `quarry keys list --email E`: an account's active keys, as `GET /api/v1/api-keys/` shows them. */
export const keysListCommand: ServiceCommand = {
  kind: 'service',
  words: ['keys', 'list'],
  summary: "list an account's active API keys (never their secrets)",
  description:
    "Lists the account's active API keys, newest first, as GET /api/v1/api-keys/ does: id, name,\n" +
    'the first characters of the secret, when it was created and last used. The secrets themselves\n' +
    'are never printed; `quarry keys revoke ID` stops a key.',
  options: { email: { type: 'string', placeholder: 'E', description: 'email address of the account', required: true } },
  example: 'quarry keys list --email ada@example.com',

  async run({ args, services }) {
    const user = await services.userByEmail(args.string('email'));
    // Every active key on one page: an account holds at most MAX_KEYS_PER_ACCOUNT of them.
    const { count, results } = await services.keys.list(user.id, 0, Math.max(1, await services.keys.count(user.id)));
    return {
      json: { user_id: user.id, email: user.email, count, results },
      text:
        results.length === 0
          ? `${user.email} has no active API keys.`
          : [
              table(
                ['ID', 'NAME', 'PREFIX', 'CREATED', 'LAST USED'],
                results.map((key) => [String(key.id), key.name, `${key.prefix}…`, key.created, key.last_used ?? 'never']),
              ),
              `${user.email}: ${plural(count, 'active key')}.`,
            ].join('\n'),
    };
  },
};

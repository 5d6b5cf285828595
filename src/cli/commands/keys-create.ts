import { InvalidInputError } from '../../errors.js';
import type { ServiceCommand } from '../command.js';

/** The API's limit on key names (keys/schemas.ts), so a CLI-made key could have been made there too. */
const MAX_NAME_LENGTH = 100;

export const keysCreateCommand: ServiceCommand = {
  kind: 'service',
  words: ['keys', 'create'],
  summary: 'create an API key for an account and print its secret once',
  description:
    'Creates an API key for the account, as POST /api/v1/api-keys/ does (same limit on active keys).\n' +
    'The secret alone goes to stdout, so `KEY=$(quarry keys create …)` captures it; the key is\n' +
    'described on stderr. With --json the whole key object, secret included, is printed.',
  options: {
    email: { type: 'string', placeholder: 'E', description: 'email address of the owning account', required: true },
    name: { type: 'string', placeholder: 'N', description: `a label for the key (1–${MAX_NAME_LENGTH} characters)`, required: true },
  },
  example: 'quarry keys create --email ada@example.com --name "batch jobs"',

  async run({ args, services }) {
    const name = args.string('name');
    if (name.trim().length === 0) throw InvalidInputError.field('name', 'This field may not be blank.');
    if (name.length > MAX_NAME_LENGTH) throw InvalidInputError.field('name', `Ensure this field has no more than ${MAX_NAME_LENGTH} characters.`);
    const user = await services.userByEmail(args.string('email'));
    const key = await services.keys.create(user.id, name);
    return {
      json: key,
      text: key.key,
      notice: `Created key ${key.id} "${key.name}" (${key.prefix}…) for ${user.email}. The secret is shown only now${key.revealable ? ' (it can be revealed later through the API)' : ''}:`,
    };
  },
};

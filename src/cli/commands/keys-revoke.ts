import type { ServiceCommand } from '../command.js';
import { UnknownKeyError } from '../errors.js';

/** `quarry keys revoke ID`: stops one key for good, as `DELETE /api/v1/api-keys/ID/` does. */
export const keysRevokeCommand: ServiceCommand = {
  kind: 'service',
  words: ['keys', 'revoke'],
  summary: 'revoke an API key by its id (see `quarry keys list`)',
  description:
    'Revokes the key for good, as DELETE /api/v1/api-keys/ID/ does for its owner: calls made with it\n' +
    'are refused at once on running instances that share REDIS_URL, otherwise within\n' +
    'KEY_CACHE_SECONDS. An id that names no active key exits 1.',
  operand: { placeholder: 'ID', description: 'the id of the key, as `quarry keys list` shows it' },
  options: {},
  example: 'quarry keys revoke 42',

  async run({ args, services }) {
    const word = args.operand();
    const keyId = /^\d{1,15}$/.test(word) ? Number(word) : undefined;
    // The API revokes a key of the caller's account; the operator names only the key, so its owner is looked up first.
    const owner =
      keyId === undefined
        ? undefined
        : await services.db
            .selectFrom('api_keys')
            .innerJoin('users', 'users.id', 'api_keys.user_id')
            .select(['api_keys.user_id', 'api_keys.name', 'api_keys.prefix', 'users.email'])
            .where('api_keys.id', '=', keyId)
            .where('api_keys.is_active', '=', 1)
            .executeTakeFirst();
    if (keyId === undefined || !owner) throw new UnknownKeyError(word);
    await services.keys.revoke(owner.user_id, keyId);
    return {
      json: { id: keyId, name: owner.name, prefix: owner.prefix, user_id: owner.user_id, email: owner.email, is_active: false },
      text: `Revoked key ${keyId} "${owner.name}" (${owner.prefix}…) of ${owner.email}.`,
    };
  },
};

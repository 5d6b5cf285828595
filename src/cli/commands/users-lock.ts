import type { ServiceCommand } from '../command.js';

function lockCommand(locked: boolean): ServiceCommand {
  const verb = locked ? 'lock' : 'unlock';
  return {
    kind: 'service',
    words: ['users', verb],
    summary: locked ? 'lock an account: it cannot log in until unlocked' : 'unlock an account and reset its failed-login count',
    description: locked
      ? 'Locks the account indefinitely, as too many failed logins do for a while: logins and token\n' +
        'refreshes are refused until `quarry users unlock`. Every login session ends for good (an\n' +
        'unlock does not revive its tokens). Its API keys stop too: at once on running instances that\n' +
        'share REDIS_URL, otherwise within KEY_CACHE_SECONDS.'
      : 'Lifts a lock, whether set by `quarry users lock` or by failed logins, and resets the count\nof failed logins.',
    options: { email: { type: 'string', placeholder: 'E', description: 'email address of the account', required: true } },
    example: `quarry users ${verb} --email ada@example.com`,

    async run({ args, services }) {
      const email = args.string('email');
      const user = await services.userByEmail(email);
      await services.accounts.setLocked(user.email, locked);
      return {
        json: { id: user.id, email: user.email, locked },
        text: `${locked ? 'Locked' : 'Unlocked'} user ${user.id} ${user.email}.`,
      };
    },
  };
}

export const usersLockCommand = lockCommand(true);
export const usersUnlockCommand = lockCommand(false);

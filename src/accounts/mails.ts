import type { Mailer } from '../mail/index.js';
import type { ActivationTokens } from './activation.js';
import type { UserRow } from './users.js';

/** The mails of sign-up. Links start from PUBLIC_URL (`origin`), never from a request's Host. */
export function createAccountMails(mailer: Mailer, activation: ActivationTokens, activationUrl: string) {
  return {
    async activation(user: UserRow, origin: string): Promise<void> {
      const uid = activation.uidFor(user.id);
      const token = activation.tokenFor(user);
      const link = activationUrl.replace('{origin}', origin).replace('{uid}', uid).replace('{token}', token);
      await mailer.send({
        to: user.email,
        subject: 'Activate your Quarry account',
        text: `Welcome to Quarry.\n\nOpen this link to activate your account:\n${link}\n\nOr POST {"uid": "${uid}", "token": "${token}"} to /api/v1/auth/users/activation/.\n`,
      });
    },

    /**
     * Sent instead of an answer when someone registers an address that has an account already:
     * the registration answers exactly as for a new address, so only the mailbox's owner learns it.
     */
    async alreadyRegistered(user: UserRow, origin: string): Promise<void> {
      await mailer.send({
        to: user.email,
        subject: 'Your Quarry account already exists',
        text: `Someone, probably you, tried to create a Quarry account with this address at ${origin}.\n\nYou already have an account: log in with your password. If this was not you, you can ignore this mail; nothing was changed.\n`,
      });
    },
  };
}

export type AccountMails = ReturnType<typeof createAccountMails>;

import type { Ledger } from '../credits/index.js';
import type { UserRow } from './users.js';

/** The `User` answer (`users/me`, the browser session): the account and its credit balance. */
export async function describeUser(user: UserRow, ledger: Ledger) {
  return {
    id: user.id,
    email: user.email,
    is_active: user.is_active === 1,
    date_joined: user.date_joined,
    credits_remaining: await ledger.balance(user.id),
  };
}

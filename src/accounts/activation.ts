import { createUserTokens, type UserTokens } from './user-tokens.js';

/**
 * Activation links in djoser's form, bound to the user's password hash: a link stops working when
 * the password changes and after its lifetime. Like djoser, a used link still verifies; the caller
 * then answers "stale" because the account is active already.
 */
export type ActivationTokens = UserTokens;

export function createActivationTokens(secret: string, lifetimeSeconds: number, now: () => Date): ActivationTokens {
  return createUserTokens({ purpose: 'activation', secret, lifetimeSeconds, now, boundTo: (user) => user.password_hash });
}

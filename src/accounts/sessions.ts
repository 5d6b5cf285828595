import { sql } from 'kysely';
import type { TokenSession } from './tokens.js';

/**
 * Login sessions end for good by generation: every token carries the account's
 * `session_generation` from its login, and a token of an older one is refused. A password
 * reset, an operator lock and "log out everywhere" add one, which ends every session of the
 * account at once (refresh and access tokens, on every instance) without a row per token.
 * Checking costs nothing extra: token authentication reads the user row anyway.
 */
export const isCurrentSession = (user: { readonly session_generation: number }, session: TokenSession) => session.generation === user.session_generation;

/** The column update that ends every session; merged into the statement of the change that causes it. */
export const endAllSessions = () => ({ session_generation: sql<number>`session_generation + 1` });

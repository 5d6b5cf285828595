import type { ServiceCommand } from '../command.js';
import { plural, table } from '../table.js';

const DEFAULT_LIMIT = 100;

/** `quarry users list`: who has an account, in what state, with what balance. */
export const usersListCommand: ServiceCommand = {
  kind: 'service',
  words: ['users', 'list'],
  summary: 'list the accounts, oldest first: state, staff, balance, last login',
  description:
    'Lists the accounts in the order they were created, with whether each is active, staff or\n' +
    'locked (by `quarry users lock`, or for a while after failed logins), its credit balance and\n' +
    'its last login. Shows the first 100 unless --limit says otherwise.',
  options: {
    limit: { type: 'integer', min: 1, max: 1_000_000, placeholder: 'N', description: `show at most N accounts (default ${DEFAULT_LIMIT})` },
  },
  example: 'quarry users list --limit 20',

  async run({ args, services }) {
    // Imported when run (the services have loaded it by then), so that help stays light.
    const { isOperatorLocked } = await import('../../accounts/index.js');
    const limit = args.optionalInteger('limit') ?? DEFAULT_LIMIT;
    const now = services.now().toISOString();
    const [{ count }, rows] = await Promise.all([
      services.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      services.db
        .selectFrom('users')
        .select(['id', 'email', 'is_active', 'is_staff', 'locked_until', 'credits_balance', 'date_joined', 'last_login'])
        .orderBy('id')
        .limit(limit)
        .execute(),
    ]);
    const users = rows.map((row) => ({
      id: row.id,
      email: row.email,
      is_active: row.is_active === 1,
      is_staff: row.is_staff === 1,
      locked: lockState(row.locked_until, now, isOperatorLocked),
      credits_remaining: Number(row.credits_balance),
      date_joined: row.date_joined,
      last_login: row.last_login,
    }));
    const total = Number(count);
    const shown = users.length < total ? `Showing ${users.length} of ${plural(total, 'account')} (--limit).` : undefined;
    return {
      json: { count: total, results: users },
      text:
        users.length === 0
          ? 'No accounts yet. Create one with `quarry users create`.'
          : table(
              ['ID', 'EMAIL', 'ACTIVE', 'STAFF', 'LOCKED', 'CREDITS', 'JOINED', 'LAST LOGIN'],
              users.map((u) => [
                String(u.id),
                u.email,
                yesNo(u.is_active),
                yesNo(u.is_staff),
                u.locked ?? 'no',
                String(u.credits_remaining),
                u.date_joined,
                u.last_login ?? 'never',
              ]),
            ),
      ...(shown ? { notice: shown } : {}),
    };
  },
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** `operator` for a `quarry users lock`, `until <time>` while failed logins keep it locked, else null. */
function lockState(lockedUntil: string | null, now: string, isOperatorLocked: (lockedUntil: string) => boolean): string | null {
  if (lockedUntil === null || lockedUntil <= now) return null;
  return isOperatorLocked(lockedUntil) ? 'operator' : `until ${lockedUntil}`;
}

import type { AuditRow } from '../../credits/index.js';
import type { ServiceCommand } from '../command.js';

const isMismatch = (row: AuditRow) => row.balance !== row.ledgerSum || row.expiredOpenHolds > 0;

function describe(row: AuditRow): string {
  const problems: string[] = [];
  if (row.balance !== row.ledgerSum) {
    const difference = row.balance - row.ledgerSum;
    problems.push(`balance ${row.balance} but ledger sums to ${row.ledgerSum} (${difference > 0 ? '+' : ''}${difference})`);
  }
  if (row.expiredOpenHolds > 0) problems.push(`${row.expiredOpenHolds} expired hold(s) still open`);
  return `user ${row.userId} ${row.email}: ${problems.join('; ')}`;
}

export const creditsAuditCommand: ServiceCommand = {
  kind: 'service',
  words: ['credits', 'audit'],
  summary: 'check every balance against its ledger; exit 1 on any mismatch',
  description:
    "Compares each account's balance with the sum of its ledger entries and looks for holds that\n" +
    'expired without being released (the service sweeps them; one left over means the sweeper is\n' +
    'not running). Lists every account with a problem and exits 1 if there is one, 0 when clean.',
  options: {},
  example: 'quarry credits audit --json',

  async run({ services }) {
    const rows = await services.ledger.audit();
    const mismatched = rows.filter(isMismatch);
    const summary = `Checked ${rows.length} account${rows.length === 1 ? '' : 's'}: ${
      mismatched.length === 0 ? 'every balance matches its ledger.' : `${mismatched.length} with problems.`
    }`;
    return {
      exitCode: mismatched.length === 0 ? 0 : 1,
      json: {
        ok: mismatched.length === 0,
        checked: rows.length,
        mismatches: mismatched.map((row) => ({
          user_id: row.userId,
          email: row.email,
          balance: row.balance,
          ledger_sum: row.ledgerSum,
          difference: row.balance - row.ledgerSum,
          open_holds: row.openHolds,
          expired_open_holds: row.expiredOpenHolds,
        })),
      },
      text: [...mismatched.map(describe), summary].join('\n'),
    };
  },
};

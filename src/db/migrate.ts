import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { LEDGER_FUNCTION_SQL } from '../credits/ledger-function.sql.js';
import type { DatabaseHandle, DialectName } from './database.js';
import { accountsAndKeys } from './migrations/0001-accounts-and-keys.js';
import { ledger } from './migrations/0002-ledger.js';
import { billing } from './migrations/0003-billing.js';
import { searchIndex } from './migrations/0004-search-index.js';
import { searchIndexRanking } from './migrations/0005-search-index-ranking.js';
import { searchPrivacy } from './migrations/0006-search-privacy.js';
import { usageIndexes } from './migrations/0007-usage-indexes.js';
import { crawlJobs } from './migrations/0010-crawl-jobs.js';
import { indexQuality } from './migrations/0011-index-quality.js';
import { ledgerFunctions } from './migrations/0012-ledger-functions.js';
import { ledgerSetBased } from './migrations/0013-ledger-set-based.js';
import { indexOperatorLexemes } from './migrations/0014-index-operator-lexemes.js';
import { ledgerOneRowCharges } from './migrations/0015-ledger-one-row-charges.js';
import { sessionGeneration } from './migrations/0016-session-generation.js';
import { crawlIsolation } from './migrations/0017-crawl-isolation.js';
import { ledgerFunctionSource } from './migrations/0018-ledger-function-source.js';
import { changeSnapshots } from './migrations/0019-change-snapshots.js';
import { webhooks } from './migrations/0020-webhooks.js';
import { batchScrapes } from './migrations/0021-batch-scrapes.js';

/** The one migration set; names sort in the order they apply. */
export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-accounts-and-keys': accountsAndKeys(dialect),
    '0002-ledger': ledger(dialect),
    '0003-billing': billing(dialect),
    '0004-search-index': searchIndex(dialect),
    '0005-search-index-ranking': searchIndexRanking(dialect),
    '0006-search-privacy': searchPrivacy(dialect),
    '0007-usage-indexes': usageIndexes(),
    '0010-crawl-jobs': crawlJobs(dialect),
    '0011-index-quality': indexQuality(dialect),
    '0012-ledger-functions': ledgerFunctions(dialect),
    '0013-ledger-set-based': ledgerSetBased(dialect),
    '0014-index-operator-lexemes': indexOperatorLexemes(dialect),
    '0015-ledger-one-row-charges': ledgerOneRowCharges(dialect),
    '0016-session-generation': sessionGeneration(),
    '0017-crawl-isolation': crawlIsolation(),
    // The live ledger function (one source, beside its store), installed with CREATE OR REPLACE.
    '0018-ledger-function-source': ledgerFunctionSource(dialect, LEDGER_FUNCTION_SQL),
    '0019-change-snapshots': changeSnapshots(dialect),
    '0020-webhooks': webhooks(dialect),
    '0021-batch-scrapes': batchScrapes(dialect),
  };
}

export interface MigrationReport {
  readonly applied: string[];
}

/** Applies pending migrations; Kysely's migration lock makes concurrent starts safe. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationReport> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  // SQLite has no migration lock across processes: a process that loses the race to a
  // fresh database sees the winner's tables, so it tries again and finds nothing to do.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
    if (attempt >= 3 || handle.dialect !== 'sqlite') throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Pool } from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { checkpointInBackground } from './sqlite-checkpoints.js';

export type DialectName = 'sqlite' | 'postgres';

/** The driver under Kysely, for the few hot paths that run prepared statements themselves (the ledger). */
export type RawDatabase = { readonly dialect: 'sqlite'; readonly sqlite: SQLite.Database } | { readonly dialect: 'postgres'; readonly pool: Pool };

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  readonly raw: RawDatabase;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`; unset → SQLite at `sqliteFile`. */
  readonly url?: string | undefined;
  readonly sqliteFile: string;
  readonly poolSize?: number;
  /** SQLite only: WAL checkpoints in a worker thread instead of inside commits (the server sets it). */
  readonly backgroundCheckpoints?: boolean;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openSqlite(options.sqliteFile, options.backgroundCheckpoints ?? false);
}

function openPostgres(url: string, max: number): DatabaseHandle {
  // The driver (about 15 MB) is loaded only for PostgreSQL, not by every SQLite server; it is CommonJS, so `require` keeps this synchronous.
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  // Counts and bigint ids arrive as strings by default; credits stay far below 2^53.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({ connectionString: url, max, types });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', raw: { dialect: 'postgres', pool }, close: () => db.destroy() };
}

function openSqlite(file: string, backgroundCheckpoints: boolean): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Several processes may share one file: wait for a writer instead of failing at once.
  sqlite.pragma('busy_timeout = 10000');
  const checkpoints = backgroundCheckpoints && file !== ':memory:' ? checkpointInBackground(sqlite, file) : undefined;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    raw: { dialect: 'sqlite', sqlite },
    close: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

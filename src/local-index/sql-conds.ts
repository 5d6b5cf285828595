/** The SQL side of a query plan, shared by both dialects: URL operators, the time window, preferences. */
import { sql, type RawBuilder } from 'kysely';
import type { TimeWindow } from '../search/index.js';
import type { Cond, TextCond } from './query-plan.js';

export interface SqlDialectParts {
  /** `column` ends with `suffix` (compared exactly). */
  endsWith(column: RawBuilder<unknown>, suffix: string): RawBuilder<unknown>;
  /** `needle` occurs in `column` (compared exactly). */
  contains(column: RawBuilder<unknown>, needle: string): RawBuilder<unknown>;
  /** The document `d` satisfies a text condition (through the full-text index). */
  text(cond: TextCond): RawBuilder<unknown>;
}

const column = (name: string) => sql.ref(`d.${name}`);

export function condSql(cond: Cond, parts: SqlDialectParts): RawBuilder<unknown> {
  switch (cond.kind) {
    case 'text':
      return parts.text(cond);
    case 'not':
      return sql`NOT (${condSql(cond.cond, parts)})`;
    case 'or':
      return sql`(${sql.join(
        cond.options.map((option) => condSql(option, parts)),
        sql` OR `,
      )})`;
    case 'inurl':
      return parts.contains(column('url_text'), cond.needle);
    case 'filetype':
      return parts.endsWith(column('path'), cond.suffix);
    case 'site': {
      // Labels reversed, so subdomains share the prefix "com.example." ('/' sorts right after '.').
      const host = sql`(d.host_rev = ${cond.hostRev} OR (d.host_rev >= ${`${cond.hostRev}.`} AND d.host_rev < ${`${cond.hostRev}/`}))`;
      if (cond.pathPrefix === '') return host;
      return sql`(${host} AND substr(d.path, 1, ${cond.pathPrefix.length}) = ${cond.pathPrefix})`;
    }
  }
}

export function windowSql(window: TimeWindow): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (window.since !== undefined) parts.push(sql`d.dated_at >= ${window.since.toISOString()}`);
  if (window.until !== undefined) parts.push(sql`d.dated_at <= ${window.until.toISOString()}`);
  return parts;
}

const LANG_BONUS = 0.5;
const COUNTRY_BONUS = 0.3;
/** The largest factor `preferenceSql` gives. */
export const MAX_PREFERENCE = 1 + LANG_BONUS + COUNTRY_BONUS;

/** A factor ≥ 1 favouring documents in the wanted language and country. */
export function preferenceSql(lang: string | undefined, country: string | undefined): RawBuilder<unknown> {
  const langPart = lang === undefined ? sql`0` : sql`(CASE WHEN d.lang = ${lang} THEN ${sql.lit(LANG_BONUS)} ELSE 0 END)`;
  const countryPart = country === undefined ? sql`0` : sql`(CASE WHEN d.country = ${country} THEN ${sql.lit(COUNTRY_BONUS)} ELSE 0 END)`;
  return sql`CAST(1 + ${langPart} + ${countryPart} AS double precision)`;
}

export function andAll(parts: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length === 0 ? sql`1 = 1` : sql.join(parts, sql` AND `);
}

/** The documents an account may find: the shared index's (owner 0) and its own. */
export function visibleSql(account: number): RawBuilder<unknown> {
  return account === 0 ? sql`d.owner_id = 0` : sql`d.owner_id IN (0, ${account})`;
}

/**
 * A page's Markdown compared with the account's last snapshot of it, in Firecrawl's terms:
 * `new` (no snapshot), `same` (equal hash), `changed` (with a git-style diff when asked), and the
 * snapshot to keep in its place.
 */
import { createHash } from 'node:crypto';
import { diffLines } from './line-diff.js';
import { unifiedDiff, type DiffJson } from './unified-diff.js';

/** Markdown bigger than this (UTF-8 bytes) is kept as its hash only: its changes are told, not shown. */
export const MAX_SNAPSHOT_BYTES = 1024 * 1024;

/**
 * Changed lines (added plus removed) beyond which no diff is given, only the status: a diff that
 * size is no longer read by anyone, and writing it would hold the event loop (see docs/api.md).
 */
export const MAX_DIFF_CHANGES = 2_000;

export const CHANGE_MODES = ['git-diff', 'json'] as const;
export type ChangeMode = (typeof CHANGE_MODES)[number];

export type ChangeStatus = 'new' | 'same' | 'changed' | 'removed';

/** The document's `changeTracking`, as Firecrawl writes it. */
export interface ChangeTracking {
  /** When the snapshot compared with was taken (ISO 8601); null when there was none. */
  readonly previousScrapeAt: string | null;
  readonly changeStatus: ChangeStatus;
  /** `visible`: the page was asked for by URL (Quarry tracks only direct scrapes; Firecrawl's `hidden` is for crawl discoveries). */
  readonly visibility: 'visible' | 'hidden';
  readonly diff?: { readonly text: string; readonly json: DiffJson };
}

/** The last Markdown an account saw of a page (under a tag). */
export interface Snapshot {
  /** Null when the Markdown was too big to keep: only its hash was. */
  readonly markdown: string | null;
  readonly hash: string;
  readonly scrapedAt: string;
}

export interface Comparison {
  readonly changeTracking: ChangeTracking;
  /** What the comparison could not show (a diff of a page too big to keep), one sentence each. */
  readonly warnings: string[];
  /** What replaces the snapshot. */
  readonly next: Snapshot;
}

export const markdownHash = (markdown: string) => createHash('sha256').update(markdown).digest('hex');

/** The snapshot of `markdown` as scraped at `scrapedAt`: the Markdown itself only when small enough to diff against later. */
export function snapshotOf(markdown: string, scrapedAt: string): Snapshot {
  return { markdown: Buffer.byteLength(markdown) <= MAX_SNAPSHOT_BYTES ? markdown : null, hash: markdownHash(markdown), scrapedAt };
}

const splitLines = (markdown: string) => (markdown === '' ? [] : markdown.replace(/\n$/, '').split('\n'));

export function compareWithSnapshot(previous: Snapshot | undefined, markdown: string, scrapedAt: string, modes: readonly ChangeMode[]): Comparison {
  const next = snapshotOf(markdown, scrapedAt);
  const visibility = 'visible' as const;
  if (previous === undefined) return { changeTracking: { previousScrapeAt: null, changeStatus: 'new', visibility }, warnings: [], next };
  const base = { previousScrapeAt: previous.scrapedAt, visibility };
  if (previous.hash === next.hash) return { changeTracking: { ...base, changeStatus: 'same' }, warnings: [], next };
  if (!modes.includes('git-diff')) return { changeTracking: { ...base, changeStatus: 'changed' }, warnings: [], next };
  if (previous.markdown === null || next.markdown === null) {
    const warning = `The page changed, but no diff is given: Markdown over ${MAX_SNAPSHOT_BYTES / 1024 / 1024} MB is kept as a hash only.`;
    return { changeTracking: { ...base, changeStatus: 'changed' }, warnings: [warning], next };
  }
  const diff = diffLines(splitLines(previous.markdown), splitLines(next.markdown));
  if (diff.ops.filter((op) => op.kind !== 'same').length > MAX_DIFF_CHANGES) {
    const warning = `The page changed, but no diff is given: more than ${MAX_DIFF_CHANGES} lines changed.`;
    return { changeTracking: { ...base, changeStatus: 'changed' }, warnings: [warning], next };
  }
  const warnings = diff.coarse ? ['The change was too large for a line-by-line diff: the changed part is shown removed and added as a whole.'] : [];
  return { changeTracking: { ...base, changeStatus: 'changed', diff: unifiedDiff(diff.ops) }, warnings, next };
}

/** The answer for a page that now answers 404 or 410: the snapshot stays as it was (a page that comes back is compared with it). */
export function removedSince(previous: Snapshot | undefined): ChangeTracking {
  return { previousScrapeAt: previous?.scrapedAt ?? null, changeStatus: 'removed', visibility: 'visible' };
}

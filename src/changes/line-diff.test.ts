import { describe, expect, it } from 'vitest';
import { compareWithSnapshot, MAX_SNAPSHOT_BYTES, snapshotOf } from './compare.js';
import { diffLines, type LineOp } from './line-diff.js';
import { unifiedDiff } from './unified-diff.js';

/** Applies a diff to its left side: what it gives must be the right side. */
const apply = (ops: readonly LineOp[]) => ops.filter((op) => op.kind !== 'removed').map((op) => op.line);
const left = (ops: readonly LineOp[]) => ops.filter((op) => op.kind !== 'added').map((op) => op.line);
const edits = (ops: readonly LineOp[]) => ops.filter((op) => op.kind !== 'same').length;

describe('the line diff', () => {
  it('finds the smallest edit between two versions', () => {
    const a = ['a', 'b', 'c', 'a', 'b', 'b', 'a'];
    const b = ['c', 'b', 'a', 'b', 'a', 'c'];
    const { ops, coarse } = diffLines(a, b);
    expect(coarse).toBe(false);
    expect(left(ops)).toEqual(a);
    expect(apply(ops)).toEqual(b);
    // Myers' example: five edits is the least.
    expect(edits(ops)).toBe(5);
  });

  it('handles empty sides, equal sides and pure insertions', () => {
    expect(diffLines([], ['x']).ops).toEqual([{ kind: 'added', line: 'x' }]);
    expect(diffLines(['x'], []).ops).toEqual([{ kind: 'removed', line: 'x' }]);
    expect(edits(diffLines(['x', 'y'], ['x', 'y']).ops)).toBe(0);
    expect(diffLines(['a', 'c'], ['a', 'b', 'c']).ops).toEqual([
      { kind: 'same', line: 'a' },
      { kind: 'added', line: 'b' },
      { kind: 'same', line: 'c' },
    ]);
  });

  it('stays a true diff, coarse, past its bounds', () => {
    const a = Array.from({ length: 50 }, (_, i) => `old ${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `new ${i}`);
    const { ops, coarse } = diffLines(['head', ...a, 'tail'], ['head', ...b, 'tail'], { maxLines: 1000, maxEdits: 10 });
    expect(coarse).toBe(true);
    expect(apply(ops)).toEqual(['head', ...b, 'tail']);
    expect(left(ops)).toEqual(['head', ...a, 'tail']);
  });

  it('diffs a worst case within its bounds quickly (the figure in docs/api.md)', () => {
    // 2 000 lines each side, every other line changed: the search runs to its edit bound, then falls back.
    const a = Array.from({ length: 2_000 }, (_, i) => `line ${i} of a long page`);
    const b = a.map((line, i) => (i % 2 === 0 ? `${line}, edited` : line));
    const started = performance.now();
    const { ops, coarse } = diffLines(a, b);
    const ms = performance.now() - started;
    expect(coarse).toBe(true);
    expect(apply(ops)).toEqual(b);
    expect(ms).toBeLessThan(1000);
  });
});

describe('the unified diff', () => {
  it('writes git-style hunks with three lines of context, and the same as JSON', () => {
    const a = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'];
    const b = a.map((line) => (line === '5' ? 'five' : line)).filter((line) => line !== '17');
    const { text, json } = unifiedDiff(diffLines(a, b).ops);
    expect(text).toBe(
      [
        '--- a/previous.md',
        '+++ b/current.md',
        '@@ -2,7 +2,7 @@',
        ' 2',
        ' 3',
        ' 4',
        '-5',
        '+five',
        ' 6',
        ' 7',
        ' 8',
        '@@ -14,7 +14,6 @@',
        ' 14',
        ' 15',
        ' 16',
        '-17',
        ' 18',
        ' 19',
        ' 20',
        '',
      ].join('\n'),
    );
    const [file] = json.files;
    expect(file).toMatchObject({ from: 'a/previous.md', to: 'b/current.md', additions: 1, deletions: 2 });
    expect(file!.chunks[0]!.changes[3]).toEqual({ type: 'del', ln: 5, content: '-5' });
    expect(file!.chunks[0]!.changes[4]).toEqual({ type: 'add', ln: 5, content: '+five' });
    expect(file!.chunks[0]!.changes[0]).toEqual({ type: 'normal', normal: true, ln1: 2, ln2: 2, content: ' 2' });
  });

  it('numbers a hunk that only adds at the top as git does', () => {
    expect(unifiedDiff(diffLines(['a'], ['new', 'a']).ops).text).toContain('@@ -1 +1,2 @@');
    expect(unifiedDiff(diffLines([], ['new']).ops).text).toContain('@@ -0,0 +1 @@');
  });
});

describe('the comparison with a snapshot', () => {
  const at = '2026-01-01T00:00:00.000Z';
  it('is new without a snapshot, same on an equal hash, changed with a diff otherwise', () => {
    expect(compareWithSnapshot(undefined, 'a', at, ['git-diff']).changeTracking).toEqual({
      previousScrapeAt: null,
      changeStatus: 'new',
      visibility: 'visible',
    });
    expect(compareWithSnapshot(snapshotOf('a\nb', at), 'a\nb', at, ['git-diff']).changeTracking.changeStatus).toBe('same');
    const changed = compareWithSnapshot(snapshotOf('a\nb', at), 'a\nc', at, ['git-diff']);
    expect(changed.changeTracking).toMatchObject({ changeStatus: 'changed', previousScrapeAt: at });
    expect(changed.changeTracking.diff!.text).toContain('-b\n+c');
  });

  it('keeps a page over the bound as its hash only, and says the diff is not given', () => {
    const big = 'x'.repeat(MAX_SNAPSHOT_BYTES + 1);
    const kept = snapshotOf(big, at);
    expect(kept.markdown).toBeNull();
    expect(compareWithSnapshot(kept, big, at, ['git-diff']).changeTracking.changeStatus).toBe('same');
    const changed = compareWithSnapshot(kept, `${big}y`, at, ['git-diff']);
    expect(changed.changeTracking.changeStatus).toBe('changed');
    expect(changed.changeTracking.diff).toBeUndefined();
    expect(changed.warnings[0]).toMatch(/no diff is given/);
  });

  it('gives the status without a diff when too many lines changed', () => {
    const lines = (suffix: string) => Array.from({ length: 3000 }, (_, i) => `line ${i}${suffix}`).join('\n');
    const changed = compareWithSnapshot(snapshotOf(lines(''), at), lines(' edited'), at, ['git-diff']);
    expect(changed.changeTracking.changeStatus).toBe('changed');
    expect(changed.changeTracking.diff).toBeUndefined();
    expect(changed.warnings[0]).toMatch(/more than 2000 lines changed/);
  });
});

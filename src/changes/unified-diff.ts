/**
 * A line diff written as git writes it (`--- a/…`, `+++ b/…`, `@@ -l,s +l,s @@` hunks with three
 * lines of context), and the same hunks as the JSON Firecrawl's clients read (`diff.json`: the
 * shape of the parse-diff package: files → chunks → changes).
 */
import type { LineOp } from './line-diff.js';

const CONTEXT = 3;

export interface DiffChange {
  readonly type: 'normal' | 'add' | 'del';
  readonly normal?: true;
  /** The line's number on its own side (added: current, removed: previous). */
  readonly ln?: number;
  /** An unchanged line's number in the previous and the current Markdown. */
  readonly ln1?: number;
  readonly ln2?: number;
  /** The line as the diff writes it, with its ` `, `-` or `+`. */
  readonly content: string;
}

export interface DiffChunk {
  readonly content: string;
  readonly changes: DiffChange[];
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
}

export interface DiffJson {
  readonly files: { from: string; to: string; chunks: DiffChunk[]; additions: number; deletions: number }[];
}

interface Numbered {
  readonly op: LineOp;
  readonly oldLine: number;
  readonly newLine: number;
}

/** The hunks of `ops`: each run of changes with up to three unchanged lines around it (nearby runs share one hunk). */
function hunks(ops: readonly LineOp[]): Numbered[][] {
  const numbered: Numbered[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const op of ops) {
    if (op.kind !== 'added') oldLine++;
    if (op.kind !== 'removed') newLine++;
    numbered.push({ op, oldLine, newLine });
  }
  const out: Numbered[][] = [];
  let start = -1;
  let lastChange = -1;
  numbered.forEach((entry, i) => {
    if (entry.op.kind === 'same') return;
    if (start >= 0 && i - lastChange > 2 * CONTEXT) {
      out.push(numbered.slice(start, lastChange + CONTEXT + 1));
      start = -1;
    }
    if (start < 0) start = Math.max(0, i - CONTEXT);
    lastChange = i;
  });
  if (start >= 0) out.push(numbered.slice(start, lastChange + CONTEXT + 1));
  return out;
}

function chunkOf(lines: Numbered[]): DiffChunk {
  const oldLines = lines.filter((l) => l.op.kind !== 'added').length;
  const newLines = lines.filter((l) => l.op.kind !== 'removed').length;
  const first = lines[0]!;
  // A side's start is its first line in the hunk; with no line on that side, git writes the line before.
  const oldStart = oldLines === 0 || first.op.kind === 'added' ? first.oldLine + (oldLines === 0 ? 0 : 1) : first.oldLine;
  const newStart = newLines === 0 || first.op.kind === 'removed' ? first.newLine + (newLines === 0 ? 0 : 1) : first.newLine;
  const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  const header = `@@ -${range(oldStart, oldLines)} +${range(newStart, newLines)} @@`;
  const changes = lines.map(({ op, oldLine, newLine }): DiffChange => {
    if (op.kind === 'added') return { type: 'add', ln: newLine, content: `+${op.line}` };
    if (op.kind === 'removed') return { type: 'del', ln: oldLine, content: `-${op.line}` };
    return { type: 'normal', normal: true, ln1: oldLine, ln2: newLine, content: ` ${op.line}` };
  });
  return { content: header, changes, oldStart, oldLines, newStart, newLines };
}

/** The diff of `ops` as text and as JSON; empty text when nothing changed. */
export function unifiedDiff(ops: readonly LineOp[]): { text: string; json: DiffJson } {
  const chunks = hunks(ops).map(chunkOf);
  const additions = ops.filter((op) => op.kind === 'added').length;
  const deletions = ops.filter((op) => op.kind === 'removed').length;
  const from = 'a/previous.md';
  const to = 'b/current.md';
  const text =
    chunks.length === 0
      ? ''
      : [`--- ${from}`, `+++ ${to}`, ...chunks.flatMap((chunk) => [chunk.content, ...chunk.changes.map((c) => c.content)])].join('\n') + '\n';
  return { text, json: { files: chunks.length === 0 ? [] : [{ from, to, chunks, additions, deletions }] } };
}

/**
 * A page's main content cut into passages: the units an answer is built from. Each passage is a
 * verbatim slice of the page's text (`text.slice(start, end)`), so a quote shown to a user is
 * exactly what the model was given and what the page says. Blocks are the text's paragraphs
 * (blank-line separated); short neighbours are joined, long ones cut at sentence ends, so that
 * each passage says about one thing in a size worth ranking.
 */

export interface Passage {
  /** The slice of the page's text. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The nearest heading above it (Markdown `#` lines or a short line alone), for ranking; not part of the quote. */
  readonly heading: string | undefined;
  /** Its order in the page, from 0. */
  readonly index: number;
}

export interface PassageOptions {
  /** Words a passage aims at: shorter neighbours are joined up to it. */
  readonly targetWords: number;
  /** Words a passage may not pass: a longer block is cut at sentence ends. */
  readonly maxWords: number;
}

export const DEFAULT_PASSAGE_OPTIONS: PassageOptions = { targetWords: 60, maxWords: 160 };

interface Block {
  start: number;
  end: number;
  words: number;
  heading: boolean;
}

const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length;
const HEADING = /^#{1,6}\s+\S/;
/** Words a sentence does not end on: a line ending on one goes on in the next. */
const DANGLING = /\b(?:a|an|the|of|in|on|at|to|for|with|by|from|into|and|or|but|as|than|that|our|your|their|its|his|her)$/i;

/** The paragraphs of `text` as offsets, trimmed; blank lines separate them. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const separator = /\n[ \t]*\n/g;
  let from = 0;
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end <= start) return;
    const body = text.slice(start, end);
    const words = wordCount(body);
    // A short line without end punctuation reads as a heading, unless it starts in lower case or ends
    // on a word that needs a next one ("Tomorrow in"): then it is a piece of a sentence that the
    // page's inline links or markup broke onto lines of its own.
    const heading = HEADING.test(body) || (words <= 8 && !body.includes('\n') && !/[.!?:;,]$/.test(body) && !/^\p{Ll}/u.test(body) && !DANGLING.test(body));
    blocks.push({ start, end, words, heading });
  };
  for (let match = separator.exec(text); match !== null; match = separator.exec(text)) {
    push(from, match.index);
    from = match.index + match[0].length;
  }
  push(from, text.length);
  // Nor is it a heading when the next block carries on its sentence in lower case.
  for (const [i, block] of blocks.entries()) {
    const next = blocks[i + 1];
    if (block.heading && next !== undefined && !HEADING.test(text.slice(block.start, block.end)) && /^\p{Ll}/u.test(text.slice(next.start, next.end)))
      block.heading = false;
  }
  return blocks;
}

/** `[start, end)` cut at sentence ends into pieces of at most `maxWords` words (a sentence longer than that stays whole). */
function sentencePieces(text: string, start: number, end: number, maxWords: number): Array<[number, number]> {
  const body = text.slice(start, end);
  const ends: number[] = [];
  const sentenceEnd = /[.!?…]["')\]]?\s+/g;
  for (let match = sentenceEnd.exec(body); match !== null; match = sentenceEnd.exec(body)) ends.push(match.index + match[0].length);
  ends.push(body.length);
  const pieces: Array<[number, number]> = [];
  let pieceStart = 0;
  let previous = 0;
  for (const cut of ends) {
    if (wordCount(body.slice(pieceStart, cut)) > maxWords && previous > pieceStart) {
      pieces.push([pieceStart, previous]);
      pieceStart = previous;
    }
    previous = cut;
  }
  if (pieceStart < body.length) pieces.push([pieceStart, body.length]);
  return pieces
    .map(([from, to]) => {
      let a = start + from;
      let b = start + to;
      while (a < b && /\s/.test(text[a]!)) a++;
      while (b > a && /\s/.test(text[b - 1]!)) b--;
      return [a, b] as [number, number];
    })
    .filter(([a, b]) => b > a);
}

/** The passages of a page's text (its extracted main content). */
export function cutPassages(text: string, options: PassageOptions = DEFAULT_PASSAGE_OPTIONS): Passage[] {
  const passages: Passage[] = [];
  let heading: string | undefined;
  let open: { start: number; end: number; words: number; heading: string | undefined } | undefined;
  const close = () => {
    if (open === undefined) return;
    passages.push({ text: text.slice(open.start, open.end), start: open.start, end: open.end, heading: open.heading, index: passages.length });
    open = undefined;
  };
  for (const block of blocksOf(text)) {
    if (block.heading) {
      close();
      heading = text.slice(block.start, block.end).replace(/^#+\s*/, '');
      continue;
    }
    if (block.words > options.maxWords) {
      close();
      for (const [start, end] of sentencePieces(text, block.start, block.end, options.maxWords)) {
        passages.push({ text: text.slice(start, end), start, end, heading, index: passages.length });
      }
      continue;
    }
    if (open !== undefined && open.words + block.words <= options.targetWords) {
      open.end = block.end;
      open.words += block.words;
      continue;
    }
    close();
    open = { start: block.start, end: block.end, words: block.words, heading };
  }
  close();
  return passages;
}

import { describe, expect, it } from 'vitest';
import { cutPassages } from './passages.js';

const sentence = (i: number) => `Sentence number ${i} says one plain thing about the harbour and its boats.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

const PAGE = [
  '# Harbour history',
  'The harbour opened in 1820.',
  'Its first pier was wooden.',
  'Fishing boats moored along the east wall.',
  'Ferries',
  paragraph(0, 40),
  '## Today',
  'The harbour now takes yachts and a daily ferry to the islands.',
].join('\n\n');

describe('cutPassages', () => {
  const passages = cutPassages(PAGE);

  it('gives passages that are each a verbatim slice of the text, in page order', () => {
    expect(passages.length).toBeGreaterThan(2);
    for (const [i, passage] of passages.entries()) {
      expect(passage.text).toBe(PAGE.slice(passage.start, passage.end));
      expect(passage.index).toBe(i);
      if (i > 0) expect(passage.start).toBeGreaterThanOrEqual(passages[i - 1]!.end);
    }
  });

  it('joins short neighbouring paragraphs into one passage', () => {
    expect(passages[0]!.text).toBe('The harbour opened in 1820.\n\nIts first pier was wooden.\n\nFishing boats moored along the east wall.');
  });

  it('cuts a long paragraph at sentence ends, no piece longer than the limit', () => {
    const long = passages.filter((passage) => passage.heading === 'Ferries');
    expect(long.length).toBeGreaterThan(1);
    for (const piece of long) {
      expect(piece.text.split(/\s+/).length).toBeLessThanOrEqual(160);
      expect(piece.text).toMatch(/^Sentence number \d+ .*boats\.$/s);
    }
    expect(long.map((piece) => piece.text).join(' ')).toBe(paragraph(0, 40));
  });

  it('keeps a sentence longer than the limit whole rather than cutting it mid-way', () => {
    const run = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const [only] = cutPassages(`${run}.`);
    expect(only!.text).toBe(`${run}.`);
  });

  it('makes headings the context of the passages under them, never passages themselves', () => {
    expect(passages.map((passage) => passage.text)).not.toContain('# Harbour history');
    expect(passages.map((passage) => passage.text)).not.toContain('Ferries');
    expect(passages[0]!.heading).toBe('Harbour history');
    expect(passages.at(-1)!.heading).toBe('Today');
    expect(passages.at(-1)!.text).toBe('The harbour now takes yachts and a daily ferry to the islands.');
  });

  it('keeps a sentence whose inline links broke it onto short lines together, not as headings', () => {
    const broken =
      'Play made it fun in the first place. I must ask\n\nJenny Gibson\n\nfor her views.\n\nTomorrow in\n\nDay 16\n\nwe will use this new library.';
    const cut = cutPassages(broken);
    expect(cut).toHaveLength(1);
    expect(cut[0]!.text).toBe(broken);
    expect(cut[0]!.heading).toBeUndefined();
  });

  it('gives nothing for an empty or blank text', () => {
    expect(cutPassages('')).toEqual([]);
    expect(cutPassages(' \n\n \n')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { sentencesText } from '../../../tests/support/sentence-site.js';
import { MAX_HIGHLIGHT_CHARACTERS, MAX_HIGHLIGHT_SCAN_CHARACTERS, MAX_HIGHLIGHT_SENTENCES, MAX_HIGHLIGHTS_PER_URL, pickHighlights } from './highlights.js';

describe('pickHighlights', () => {
  it('bounds its output whatever it is asked, on the 26,000-sentence page of issue 25 (it used to build gigabytes)', () => {
    const text = sentencesText(26_000).join('\n');
    const highlights = pickHighlights(text, { query: 'river', sentencesPerHighlight: 1_000_000, count: 1_000_000, maxCharacters: 1e12 });
    expect(highlights).toHaveLength(MAX_HIGHLIGHTS_PER_URL);
    for (const highlight of highlights) {
      expect(highlight.length).toBeLessThanOrEqual(MAX_HIGHLIGHT_CHARACTERS);
      expect(highlight.split('. ').length).toBeLessThanOrEqual(MAX_HIGHLIGHT_SENTENCES);
    }
  });

  it('picks the sentences sharing most words with the query, in page order, each with the sentences after it', () => {
    const text = 'Cats sleep. The river delta floods. Dogs bark. A river flows. Birds sing.';
    expect(pickHighlights(text, { query: 'river delta', sentencesPerHighlight: 2, count: 2 })).toEqual([
      'The river delta floods. Dogs bark.',
      'A river flows. Birds sing.',
    ]);
  });

  it('takes the first sentences when none matches, and cuts each highlight at maxCharacters', () => {
    const text = 'One two three. Four five six. Seven eight nine.';
    expect(pickHighlights(text, { query: '', sentencesPerHighlight: 1, count: 2 })).toEqual(['One two three.', 'Four five six.']);
    expect(pickHighlights(text, { query: 'seven', sentencesPerHighlight: 3, count: 1, maxCharacters: 5 })).toEqual(['Seven']);
  });

  it('cuts a single endless sentence to the longest highlight', () => {
    const [highlight] = pickHighlights('word '.repeat(200_000), { query: 'word', sentencesPerHighlight: 1, count: 1 });
    expect(highlight).toHaveLength(MAX_HIGHLIGHT_CHARACTERS);
  });

  it('reads only the first MAX_HIGHLIGHT_SCAN_CHARACTERS of a huge page, so the main thread is never held long', () => {
    const text = `${'Filler sentence here. '.repeat(Math.ceil(MAX_HIGHLIGHT_SCAN_CHARACTERS / 22))}The hidden river.`;
    expect(pickHighlights(text, { query: 'river', sentencesPerHighlight: 1, count: 1 })).toEqual(['Filler sentence here.']);
  });
});

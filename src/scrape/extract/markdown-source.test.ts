import { describe, expect, it } from 'vitest';
import { markdownTextDocument } from './plain-text.js';

const README = `Quarry tools
============

[![build](https://ci.example/badge.svg)](https://ci.example) A **fast** _guide_ to \`saws\` and [wire](https://x.example/wire "Wire").

## Install ##

\`\`\`sh
npm install quarry   # not a heading
\`\`\`

- Wire saw
- Drill
  1. Core bit
  2. Star bit
* Wedges
  with a lazy line

| Stone | Hardness |
|:------|---------:|
| Granite | 6–7 |
| Marble | 3 |

> Measure **twice**,
> cut once.

---

    indented code
    block

Keeps snake_case_name, 2 * 3 and 2*3, drops <b>tags</b>, shows <https://auto.example/x>.  
Hard break above. ~~gone~~ [a reference][r] and [Pit (mine)](https://en.example/wiki/Pit_(mine)).

[r]: https://ref.example
Setext two
----------
`;

describe('markdownTextDocument', () => {
  it('keeps the source as the Markdown and writes the text without any Markdown syntax', () => {
    const document = markdownTextDocument(README.replace(/\n/g, '\r\n'));
    expect(document.markdown).toBe(README.trim());
    expect(document.text).toBe(
      [
        'Quarry tools',
        'A fast guide to saws and wire.',
        'Install',
        'npm install quarry   # not a heading',
        'Wire saw\nDrill\n  Core bit\n  Star bit\nWedges with a lazy line',
        'Stone\tHardness\nGranite\t6–7\nMarble\t3',
        'Measure twice, cut once.',
        'indented code\nblock',
        'Keeps snake_case_name, 2 * 3 and 2*3, drops tags, shows https://auto.example/x.\nHard break above. gone a reference and Pit (mine).',
        'Setext two',
      ].join('\n\n'),
    );
    expect(document.title).toBe('Quarry tools');
    expect(document.headings).toEqual(['Quarry tools', 'Install', 'Setext two']);
  });

  it('reads unclosed marks as text', () => {
    expect(markdownTextDocument('A [dangling link and `open code and <not a tag').text).toBe('A [dangling link and `open code and <not a tag');
  });

  it('reads hostile documents in linear time', () => {
    const documents = [
      '['.repeat(300_000),
      '`'.repeat(1_000) + ' `a'.repeat(100_000),
      '> '.repeat(200_000),
      '- x '.repeat(200_000),
      Array.from({ length: 1_000 }, (_, depth) => `${' '.repeat(2 * depth)}- item`).join('\n'),
      Array.from({ length: 1_000 }, (_, depth) => `${'> '.repeat(depth)}quote`).join('\n'),
      ` ${' '.repeat(500_000)}x`,
      `\`\`\`\n${' \n'.repeat(200_000)}x`,
      '[a]('.repeat(100_000),
      '*a '.repeat(200_000),
    ];
    for (const source of documents) {
      const started = performance.now();
      markdownTextDocument(source);
      // Quadratic work on documents this size takes minutes; linear takes milliseconds, on a loaded machine too.
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authorBoxesPage,
  cardGridsPage,
  CLOSED_UNITS,
  closedPage,
  QUARTER_MB,
  UNCLOSED_UNITS,
  unclosedPage,
} from '../../../tests/support/extract-hostile-cases.js';
import { measureGrowth } from '../../../tests/support/growth.js';
import { extractPage } from './extract-page.js';

const URL = 'https://example.com/a/b.html';
/** A fourfold input must take less than this many times as long (linear: ~4–6, quadratic: 16). */
const LINEAR = 10;
/** Per case: two extractions, on a loaded machine too. */
const CASE_TIMEOUT_MS = 60_000;

/** Fragments that exercise the parser and renderers: unbalanced, misnested and odd markup. */
const fragment = fc.constantFrom(
  '<div>',
  '</div>',
  '<p>',
  '</p>',
  '<ul>',
  '<li>',
  '</ul>',
  '<ol start="0">',
  '<table>',
  '<tr>',
  '<td colspan="999999">',
  '<th>',
  '</table>',
  '<pre>',
  '</pre>',
  '<code>',
  '<blockquote>',
  '<h1>',
  '<h7>',
  '<a href="/x">',
  '<a href="javascript:alert(1)">',
  '</a>',
  '<img src="/i.png">',
  '<b>',
  '<i>',
  '</b>',
  '<br>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<script>',
  '</script>',
  '<noscript>',
  '<nav>',
  '<footer>',
  '<main>',
  '<article>',
  '<select><option>x',
  '<svg><text>s</text></svg>',
  '&amp;',
  '&#0;',
  '&#x110000;',
  '&bogus;',
  '*',
  '_',
  '#',
  '`',
  '|',
  '\n',
  ' ',
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
  'word',
  '東京',
  '\u0000',
  '\uFEFF',
);

describe('extractPage on hostile input', () => {
  it('never throws and never leaves runs of blank lines outside code', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 80 }), (parts) => {
        const page = extractPage(parts.join(''), { url: URL });
        const outsideCode = page.markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, 'CODE');
        expect(outsideCode).not.toMatch(/\n\s*\n\s*\n/);
        expect(page.text).not.toMatch(/\n\s*\n\s*\n/);
        for (const link of page.links) expect(link.url).toMatch(/^(https?|mailto|tel|ftp):/);
      }),
      { numRuns: 300 },
    );
  });

  it('copes with pathologically deep nesting', () => {
    const depth = 20_000;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>Deep text survives.</p>${'</div>'.repeat(depth)}<p>After the depths.</p></body></html>`;
    const page = extractPage(html, { url: URL });
    expect(page.text).toContain('Deep text survives.');
    expect(page.text).toContain('After the depths.');
  });

  it(
    'handles a large page in linear time',
    () => {
      const paragraph = '<p>Sentence one of many, with a <a href="/l">link</a> and <em>emphasis</em>. Sentence two follows it.</p>';
      let textLength = 0;
      const growth = measureGrowth(
        (scale) => `<html><body><main>${paragraph.repeat(1_250 * scale)}</main></body></html>`,
        (html) => (textLength = Math.max(textLength, extractPage(html, { url: URL }).text.length)),
      );
      expect(textLength).toBeGreaterThan(250_000);
      expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(LINEAR);
    },
    CASE_TIMEOUT_MS,
  );

  it('skips JSON-LD nested past the depth budget, with a warning, and keeps the rest', () => {
    const deepArray = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const html = `<html><head><script type="application/ld+json">${deepArray}</script><script type="application/ld+json">{"@type":"Article","headline":"Kept"}</script></head><body><p>Body text.</p></body></html>`;
    const page = extractPage(html, { url: URL });
    expect(page.structuredData.jsonLd).toEqual([{ '@type': 'Article', headline: 'Kept' }]);
    expect(page.warnings).toEqual(['1 JSON-LD block nested deeper than 64 levels skipped.']);
    expect(() => JSON.stringify(page)).not.toThrow();
  });

  it('warns when elements are nested past the depth budget, and none for an ordinary page', () => {
    expect(extractPage(`<body>${'<div>'.repeat(1_000)}deep</body>`, { url: URL }).warnings).toEqual([
      'Elements nested deeper than 400 levels were read as text of their ancestor.',
    ]);
    expect(extractPage('<body><main><p>Plain.</p></main></body>', { url: URL }).warnings).toEqual([]);
  });

  // Each case reads a quarter of a megabyte, then a megabyte, of one shape: in linear time, its
  // time grows about fourfold (quadratic work: sixteenfold). No wall-clock budget (see
  // tests/support/growth.ts); bench/extract-hostile.ts prints the times of the megabyte pages.
  it.each(UNCLOSED_UNITS)(
    'reads a megabyte of never-closed elements in linear time: %s',
    (unit) => {
      const growth = measureGrowth(
        (scale) => unclosedPage(unit, QUARTER_MB * scale),
        (html) => extractPage(html, { url: URL }),
      );
      expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(LINEAR);
    },
    CASE_TIMEOUT_MS,
  );

  it.each(CLOSED_UNITS)(
    'reads a megabyte of alike closed blocks of the shapes later passes look at in linear time: %s',
    (unit) => {
      const growth = measureGrowth(
        (scale) => closedPage(unit, QUARTER_MB * scale),
        (html) => extractPage(html, { url: URL }),
      );
      expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(LINEAR);
    },
    CASE_TIMEOUT_MS,
  );

  it.each(['alike', 'distinct'] as const)(
    'reads a megabyte of author-named boxes, %s, in linear time',
    (kind) => {
      const growth = measureGrowth(
        (scale) => authorBoxesPage(kind, 6_250 * scale),
        (html) => extractPage(html, { url: URL }),
      );
      expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(LINEAR);
    },
    CASE_TIMEOUT_MS,
  );

  it.each(['siblings', 'nested'] as const)(
    'widens past a prose block to a megabyte of card grids, %s, in linear time',
    (kind) => {
      const growth = measureGrowth(
        (scale) => cardGridsPage(kind, scale),
        (html) => extractPage(html, { url: URL }),
      );
      expect(growth.ratio, JSON.stringify(growth)).toBeLessThan(LINEAR);
    },
    CASE_TIMEOUT_MS,
  );
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page.js';

const URL = 'https://example.com/a/b.html';

/** Fragments that exercise the parser and renderers: unbalanced, misnested and odd markup. */
const fragment = fc.constantFrom(
  '<div>', '</div>', '<p>', '</p>', '<ul>', '<li>', '</ul>', '<ol start="0">', '<table>', '<tr>', '<td colspan="999999">', '<th>', '</table>',
  '<pre>', '</pre>', '<code>', '<blockquote>', '<h1>', '<h7>', '<a href="/x">', '<a href="javascript:alert(1)">', '</a>', '<img src="/i.png">',
  '<b>', '<i>', '</b>', '<br>', '<![CDATA[', ']]>', '<!--', '-->', '<script>', '</script>', '<noscript>', '<nav>', '<footer>', '<main>',
  '<article>', '<select><option>x', '<svg><text>s</text></svg>', '&amp;', '&#0;', '&#x110000;', '&bogus;', '*', '_', '#', '`', '|', '\n', ' ',
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit.', 'word', '東京', '\u0000', '\uFEFF',
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

  it('handles a large page in reasonable time', () => {
    const paragraph = '<p>Sentence one of many, with a <a href="/l">link</a> and <em>emphasis</em>. Sentence two follows it.</p>';
    const html = `<html><body><main>${paragraph.repeat(5_000)}</main></body></html>`;
    const started = performance.now();
    const page = extractPage(html, { url: URL });
    expect(page.text.length).toBeGreaterThan(250_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

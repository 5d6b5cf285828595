import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page.js';

const URL = 'https://example.com/a/b.html';

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

  it('handles a large page in reasonable time', () => {
    const paragraph = '<p>Sentence one of many, with a <a href="/l">link</a> and <em>emphasis</em>. Sentence two follows it.</p>';
    const html = `<html><body><main>${paragraph.repeat(5_000)}</main></body></html>`;
    const started = performance.now();
    const page = extractPage(html, { url: URL });
    expect(page.text.length).toBeGreaterThan(250_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

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

  it('reads a megabyte of never-closed elements of every kind within seconds', () => {
    const units = ['<div>x', '<h2><div>y', '<table><tr><td>c', '<blockquote><a href="/q"><div>q', '<ol><li><p>item <code>', '<b><i><a href="/l">l'];
    // Shapes that reach the checks for aria-hidden decoration, card headers, tab panels and product cards.
    units.push(
      '<div aria-hidden="true"><span></span>',
      '<article><header><h2><a href="/c">t</a></h2>',
      '<div class="tab-pane" hidden>p',
      '<li><a href="/p">$9</a>',
      // Section headers and banners, forms with and without fields, prose in boxes named as menus.
      '<div class="card-header"><div><h3>h',
      '<div class="hero-banner"><h2>b',
      '<form><label>f</label><form><p>',
      '<div class="menu"><p>Prose in a box named as a menu, long enough to count as a sentence or more.',
      '<div class="author-box">a',
    );
    for (const unit of units) {
      const html = `<html><body>${unit.repeat(Math.ceil(1_000_000 / unit.length))}</body></html>`;
      const started = performance.now();
      extractPage(html, { url: URL });
      expect(performance.now() - started, unit).toBeLessThan(5_000);
    }
  });

  it('reads a megabyte of alike closed blocks of the shapes later passes look at within seconds', () => {
    const units = [
      '<h3>Similar items</h3><span>card</span>',
      '<button>Question?</button><div style="display:none">answer</div>',
      '<span>label</span><span>Value</span>',
      '<template id="B:1"></template><div hidden id="S:1"><p>segment</p></div>',
      '<template id="P:2e"></template><div hidden id="S:2e"><p>segment</p></div>',
      '<h3><span><button aria-expanded="false">Specs</button></span></h3><div hidden>specs</div>',
      '<div><p>Lorem ipsum dolor sit amet.</p></div>',
      '<div><div><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
      '<div><span>Free shipping</span><div><h1>T</h1>',
      '<header class="section-header"><h2>Heading</h2><p>Introduction of the section.</p></header>',
      '<form class="usertext"><p>A post body held in a form with nothing to fill in, long enough.</p></form>',
      '<ul><li><a href="/a">one</a> <a href="/b">two</a> <a href="/c">three</a></li></ul>',
      '<div class="col"><div class="promo"><a href="/p">offer</a></div></div>',
      '<h3><button aria-controls="x">Question</button></h3><div hidden>answer</div>',
      '<div class="disclaimer"><p>Prices may vary.</p><div class="disclaimer">Images simulated.',
      '<section class="related-product"><a href="/p"><h3>Card</h3></a></section>',
      '<li itemscope itemtype="https://schema.org/Product"><span itemprop="name">Pack</span></li>',
      '<div><input type="checkbox" id="c"><label for="c">Compare</label><label><span><input type="radio">Pick</span></label></div>',
      '<div class="card"><span>$9.99</span><div><div><span>$9.99</span></div></div><p>Size</p><p>More info Quick view</p></div>',
      '<a href="/r"><i aria-hidden="true"><i aria-hidden="true"><span>4.5 out of 5 stars</span></i></i></a>',
      '<div class="g"><div><div class="t"><a href="/x">Card title</a> Price</div><div class="t"><a href="/y">Card</a> Price</div><div class="t"><a href="/z">Card</a> Price</div></div></div>',
    ];
    const description = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6);
    for (const unit of units) {
      const html = `<html><head><script type="application/ld+json">{"@type":"Product","description":"${description}"}</script></head><body><main><h1>T</h1>${unit.repeat(Math.ceil(1_000_000 / unit.length))}</main></body></html>`;
      const started = performance.now();
      extractPage(html, { url: URL });
      expect(performance.now() - started, unit).toBeLessThan(5_000);
    }
  });

  it('reads a megabyte of author-named boxes, alike or each of its own class, within seconds', () => {
    const alike = '<div class="author-box"><p>Bio.</p></div>'.repeat(25_000);
    const distinct = Array.from({ length: 25_000 }, (_, i) => `<div class="a${i} author"><p>Bio.</p></div>`).join('');
    for (const boxes of [alike, distinct]) {
      const html = `<html><head><meta property="og:type" content="article"></head><body><main><p>${'Prose, and more prose. '.repeat(50)}</p>${boxes}</main></body></html>`;
      const started = performance.now();
      extractPage(html, { url: URL });
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('widens past a prose block to a megabyte of sibling card grids, each nested deep, within seconds', () => {
    const grid = '<div class="g"><div><div><div class="t"><a href="/x">Card title here</a> Price, and a note</div>'.repeat(3) + '</div></div></div>';
    const nested = '<div><div><div><div>'.repeat(2_000) + grid + '</div></div></div></div>'.repeat(2_000);
    for (const grids of [grid.repeat(Math.ceil(800_000 / grid.length)), nested]) {
      const html = `<html><body><main><div class="text"><p>${'Prose, and more prose about shelving. '.repeat(5_000)}</p></div>${grids}</main></body></html>`;
      const started = performance.now();
      extractPage(html, { url: URL });
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});

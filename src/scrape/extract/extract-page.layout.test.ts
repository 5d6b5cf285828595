import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

/** Markup whose text a browser shows otherwise than it reads: screen-reader copies, glued spans, streamed segments. */
describe('extractPage on text as the browser lays it out', () => {
  it('ignores screen-reader copies named "blind" (the convention of Korean sites)', () => {
    const html = pageWithChrome(`<p>${prose('visible things')}</p>
      <p><span>See all details<span class="textual blind">See all details on coverage</span></span></p>
      <div><p class="blind" aria-hidden="true">Footage of a woman and her dog running towards the camera at dusk.</p></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('visible things');
    expect(text).toContain('See all details');
    expect(text).not.toContain('on coverage');
    expect(text).not.toContain('Footage of a woman');
  });

  it('separates a label and its value laid out apart in sibling spans, but not a word split for styling or code', () => {
    const html = pageWithChrome(`<p>${prose('book details')}</p>
      <div class="row"><span class="name">Publisher</span><span class="value">Houghton Mifflin</span></div>
      <div class="row"><span class="name">Pages</span><span class="value">240</span></div>
      <p><span class="drop-cap">W</span><span>ilderness</span> starts here. Call <code><span>set</span><span>Todos</span></code> once.</p>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Publisher Houghton Mifflin');
    expect(text).toContain('Wilderness starts here');
    expect(text).toContain('setTodos');
  });

  it('puts React-streamed segments where their placeholders are, each a small part of the page', () => {
    const segment = (n: number, topic: string): string => `<div hidden id="S:${n}"><h2>Part ${n}</h2><p>${prose(topic)}</p></div>`;
    const html = `<html><body><main><h1>Pricing</h1><p>${prose('the shell')}</p><template id="B:0"></template><template id="B:1"></template><template id="P:2"></template></main>
      <footer><p>Company address and legal notices in small print at the foot of every page.</p></footer>
      ${segment(0, 'the first plan')}${segment(1, 'the second plan')}${segment(2, 'the third plan')}</body></html>`;
    const { text } = extractPage(html, { url: PAGE_URL });
    const first = text.indexOf('The story of the first plan');
    expect(first).toBeGreaterThan(text.indexOf('The story of the shell'));
    expect(text.indexOf('The story of the second plan')).toBeGreaterThan(first);
    expect(text).toContain('The story of the third plan');
    expect(text).not.toContain('legal notices');
  });

  it('places segments React numbers in hexadecimal (S:2e into P:2e), also when a placeholder sits in another segment', () => {
    const html = `<html><body><main><h1>Executive chair</h1><p>${prose('the chair')}</p><template id="B:a"></template></main>
      <div hidden id="S:a"><h2>Details</h2><template id="P:2e"></template></div>
      <div hidden id="S:2e"><ul><li>Seat cushion thickness: four inches of high-density foam</li><li>Weight capacity: two hundred and seventy-five pounds</li></ul></div></body></html>`;
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Seat cushion thickness');
    expect(text.indexOf('Seat cushion thickness')).toBeGreaterThan(text.indexOf('The story of the chair'));
  });

  it("reads an accordion's panel hidden after a heading that wraps its button (the WAI-ARIA accordion pattern)", () => {
    const section = (title: string, body: string, open: boolean): string =>
      `<h2 class="acc-title"><button type="button" aria-expanded="${open}" aria-controls="p-${title}"><span><p>${title}</p></span></button></h2>` +
      `<div id="p-${title}" role="region" aria-hidden="${!open}" style="box-sizing:border-box;${open ? '' : 'display:none;height:0px'}">${body}</div>`;
    const html = pageWithChrome(`<div class="product"><h1>Executive Chair</h1><p>${prose('the chair')}</p>
      ${section('Description', `<p>${prose('its leather')}</p>`, true)}
      ${section('Specifications', '<ul><li>Seat cushion thickness: 4 inches</li><li>Weight capacity: 275 pounds</li></ul>', false)}
      <h2>Delivery</h2><div style="display:none"><p>A note about delivery dates hidden by a script that nobody opens.</p></div></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of its leather');
    expect(text).toContain('Seat cushion thickness: 4 inches');
    expect(text).not.toContain('A note about delivery dates');
  });

  it("reads an accordion's collapsed answers (hidden right after their question, question heading or button), not a menu behind a button", () => {
    const faq = (q: string, a: string): string =>
      `<div class="faq-item"><div class="faq-question">${q}</div><div class="faq-answer" style="display: none;">${a}</div></div>`;
    const html = pageWithChrome(`<div class="product"><h1>Trail Pack 25</h1><p>${prose('the trail pack')}</p>
      <button type="button" class="menu-toggle" aria-label="Menu"></button><ul class="nav-menu" style="display:none"><li><a href="/a">Shop all packs and bags</a></li></ul>
      ${faq('Is it waterproof?', 'The shell is coated and the seams are taped, so light rain stays out for hours.')}
      <h3>Does it float?</h3><div class="content" style="display: none;">It floats when the hip belt is buckled and the bladder is empty.</div>
      <button type="button" aria-expanded="false">Specifications</button><div hidden>Volume twenty-five litres, weight nine hundred grams.</div></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('the seams are taped');
    expect(text).toContain('Volume twenty-five litres');
    expect(text).toContain('It floats when the hip belt is buckled');
    expect(text).not.toContain('Shop all packs');
  });

  it("reads answers hidden after a wrapper that opens with their toggle (ARIA's accordion: a button in a heading)", () => {
    const step = (n: number, title: string, body: string): string =>
      `<div class="accordion"><h3><button aria-controls="s${n}">${title}</button></h3><div id="s${n}" style="display:none" role="region">${body}</div></div>`;
    const linked = `<div class="accordion"><div class="head"><a role="button" href="#s3">Get quotes</a></div><div id="s3" hidden><p>Ask three installers for a quote and compare the panels they offer.</p></div></div>`;
    const html = pageWithChrome(
      `<h1>Installing solar panels</h1><p>${prose('solar panels')}</p>${step(1, 'Audit your home', '<p>Gather twelve months of electric bills before anyone sizes a system.</p>')}${step(
        2,
        'Check your roof',
        '<p>Shading, orientation and age decide what a roof can produce.</p>',
      )}${linked}`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Gather twelve months of electric bills');
    expect(text).toContain('Shading, orientation and age');
    expect(text).toContain('Ask three installers');
  });

  it('keeps the boxes named headers that head sections inside <main>, and still drops a header-named box outside it', () => {
    const section = (title: string, topic: string): string =>
      `<section class="panel"><div class="section-header text-left"><h2>${title}</h2><p>Know where you stand.</p></div><p>${prose(topic, 3)}</p></section>`;
    const html = `<html><body><div class="top-header"><a href="/">Acme</a> Call us today on 0800 123 456</div><main>${section('Go beyond basic rank reporting', 'rankings')}${section(
      'Audit local citations',
      'citations',
    )}</main></body></html>`;
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Go beyond basic rank reporting');
    expect(text).toContain('Audit local citations');
    expect(text).toContain('The story of citations begins');
    expect(text).not.toContain('Call us today');
  });
});

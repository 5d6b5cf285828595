import { describe, expect, it } from 'vitest';
import { FURNITURE_SNIPPETS, PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

function expectNoFurniture(text: string): void {
  for (const snippet of FURNITURE_SNIPPETS) expect(text).not.toContain(snippet);
}

describe('extractPage main content', () => {
  it('keeps an article and drops navigation, header, cookie banner, sidebar, ads and footer', () => {
    const html = pageWithChrome(`
      <article>
        <h1>Why bees matter</h1>
        <p>${prose('bees')}</p>
        <h2>The evidence</h2>
        <p>${prose('pollination')}</p>
        <p>${prose('honey', 2)}</p>
      </article>`);
    const page = extractPage(html, { url: PAGE_URL });
    expect(page.text).toContain('The story of bees begins');
    expect(page.text).toContain('The evidence');
    expect(page.text).toContain('The story of honey begins');
    expectNoFurniture(page.text);
    expectNoFurniture(page.markdown);
  });

  it('drops share bars and related-links boxes inside the article', () => {
    const html = pageWithChrome(`
      <article>
        <div class="share-bar"><a href="https://facebook.com/sharer">Share on Facebook</a> <a href="https://x.com/intent">Post on X</a> <a href="mailto:?body=x">Email</a></div>
        <p>${prose('glaciers')}</p>
        <p>${prose('ice cores')}</p>
        <div class="related-articles"><h3>Related</h3><ul>
          <li><a href="/x">Sea levels keep rising</a></li><li><a href="/y">A year on the ice</a></li><li><a href="/z">The last glacier in town</a></li>
        </ul></div>
      </article>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of glaciers');
    expect(text).toContain('The story of ice cores');
    expect(text).not.toContain('Share on Facebook');
    expect(text).not.toContain('Sea levels keep rising');
  });

  it('keeps every post of a forum thread with its author and date', () => {
    const post = (author: string, date: string, body: string): string => `
      <div class="post"><div class="post-meta"><span class="username">${author}</span> <time datetime="${date}">${date}</time></div>
      <div class="post-body"><p>${body}</p></div></div>`;
    const html = pageWithChrome(`
      <h1>Best first telescope?</h1>
      <div class="thread">
        ${post('stargazer', '2024-01-02', 'I am new to astronomy and would love advice on a first telescope under five hundred dollars.')}
        ${post('orion_fan', '2024-01-03', 'A six inch Dobsonian is hard to beat at that price, easy to use and shows planets well.')}
        ${post('deepsky', '2024-01-03', 'Agreed. Spend a little on a good star atlas too, and join a local club for dark-sky nights.')}
        ${post('stargazer', '2024-01-04', 'Thanks everyone, I ordered the Dobsonian and a red flashlight.')}
      </div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    for (const phrase of ['new to astronomy', 'six inch Dobsonian', 'good star atlas', 'red flashlight', 'orion_fan', 'deepsky']) {
      expect(text).toContain(phrase);
    }
    expectNoFurniture(text);
  });

  it('keeps every card of a listing', () => {
    const card = (n: number): string => `
      <div class="card"><h3><a href="/items/${n}">Hiking boot model ${n}</a></h3>
      <p>Waterproof leather boot number ${n} with a grippy sole for rocky trails.</p><span class="price">$${100 + n}.00</span></div>`;
    const html = pageWithChrome(`<h1>Hiking boots</h1><div class="grid">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div>`);
    const page = extractPage(html, { url: PAGE_URL });
    for (let n = 1; n <= 8; n++) {
      expect(page.text).toContain(`Hiking boot model ${n}`);
      expect(page.text).toContain(`$${100 + n}.00`);
    }
    expect(page.markdown).toContain('[Hiking boot model 3](https://news.example.com/items/3)');
    expectNoFurniture(page.text);
  });

  it("keeps a section's own header (its heading and introduction) but drops the site header", () => {
    const section = (title: string, intro: string, detail: string): string =>
      `<section class="feature"><header class="feature-header"><h2>${title}</h2><p>${intro}</p></header><p>${detail}</p></section>`;
    const html = pageWithChrome(
      `<h1>Screen recording for teams</h1>` +
        section('Record in a few clicks', 'Capture your screen and camera at once.', 'Recordings upload while you talk, so the link is ready when you stop.') +
        section('Edit like a pro', 'Trim, stitch and add captions in the browser.', 'Every edit is kept in the history, so nothing you cut is lost for good.') +
        section('Share anywhere', 'Send a link or embed the video in your tools.', 'Viewers need no account, and you see who watched and for how long.'),
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    for (const phrase of ['Record in a few clicks', 'Capture your screen and camera', 'Edit like a pro', 'Send a link or embed'])
      expect(text).toContain(phrase);
    expectNoFurniture(text);
  });

  it('keeps section headings whose class names them a header', () => {
    const module = (title: string, topic: string): string => `<div class="module"><h2 class="module-header">${title}</h2><p>${prose(topic, 2)}</p></div>`;
    const html = pageWithChrome(`<h1>Harbour guide</h1>${module('Where to moor', 'the moorings')}${module('When the tide turns', 'the tides')}`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Where to moor');
    expect(text).toContain('When the tide turns');
  });

  it('keeps a banner holding a section heading (a hero) but drops a banner advertisement', () => {
    const html = pageWithChrome(
      `<div class="hero-banner"><h2>Backups you never think about</h2><p>Every laptop in the office, saved each hour.</p><a href="/trial">Start a trial</a></div>` +
        `<p>${prose('the backup agent', 4)}</p><div class="promo-banner"><a href="/sale">Spring sale: 20% off</a> <a href="/plans">See plans</a></div>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Backups you never think about');
    expect(text).toContain('saved each hour');
    expect(text).not.toContain('Spring sale');
  });

  it('keeps posts whose bodies sit in forms (nothing to fill in) but drops a contact form with its notice', () => {
    const post = (topic: string): string =>
      `<div class="comment"><p class="author">harbourfan</p><form class="usertext"><input type="hidden" name="id"><div class="md"><p>${prose(topic, 2)}</p></div></form></div>`;
    const contact = `<form class="contact"><label>First name</label><input><label>Email</label><input><p>By checking this box you agree that we may contact you by phone, text message and email about our services, at any time, with messages sent by automated systems; consent is not a condition of purchase.</p><button>Send</button></form>`;
    const html = pageWithChrome(
      `<h1>Which mooring is best?</h1><div class="thread">${post('the north quay')}${post('the south quay')}${post('the river mouth')}</div>${contact}`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of the north quay');
    expect(text).toContain('The story of the river mouth');
    expect(text).not.toContain('By checking this box');
  });

  it('keeps paragraphs in a box whose class or id happens to name a menu, and still drops the menus', () => {
    const answer = (question: string, topic: string): string => `<div class="tab-pane"><h3>${question}</h3><p>${prose(topic, 3)}</p></div>`;
    const html = pageWithChrome(
      `<h1>Identity protection</h1><p>${prose('identity theft', 4)}</p><p>${prose('the credit bureaus', 4)}</p><p>${prose('the dark web', 4)}</p><div class="faq_tabs-menu">${answer('Is it worth it?', 'the cost')}${answer('How does it work?', 'the monitoring')}</div>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of the cost');
    expect(text).toContain('The story of the monitoring');
    expectNoFurniture(text);
  });

  it('keeps every section of a service page', () => {
    const html = pageWithChrome(`
      <section class="hero"><h1>Cloud backups for small firms</h1><p>Automatic, encrypted backups of every laptop and server in your office.</p></section>
      <section><h2>How it works</h2><p>Install the agent, choose what to protect, and we take care of the rest, every hour.</p></section>
      <section><h2>Pricing</h2><ul><li>Starter: 5 devices, $20 a month</li><li>Office: 50 devices, $150 a month</li></ul></section>
      <section><h2>Frequently asked questions</h2><h3>Where is my data stored?</h3><p>In two data centres in the EU, encrypted with keys only you hold.</p></section>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    for (const phrase of [
      'Automatic, encrypted backups',
      'How it works',
      'Install the agent',
      'Office: 50 devices',
      'Where is my data stored?',
      'two data centres',
    ]) {
      expect(text).toContain(phrase);
    }
    expectNoFurniture(text);
  });

  it('keeps product description and specifications, adding what only the JSON-LD states', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Trail Runner 3',
      description: 'A featherweight trail shoe with a rock plate and a recycled mesh upper that drains quickly.',
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Drop', value: '6 mm' },
        { '@type': 'PropertyValue', name: 'Stack height', value: '28 mm' },
      ],
    };
    const html = pageWithChrome(
      `<div class="product"><h1>Trail Runner 3</h1><span class="price">$140</span>
        <table class="specs"><tr><th>Weight</th><td>240 g</td></tr><tr><th>Upper</th><td>Recycled mesh</td></tr></table>
        <button>Add to cart</button></div>`,
      `<title>Trail Runner 3</title><script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('Weight\t240 g');
    expect(text).toContain('featherweight trail shoe with a rock plate');
    expect(text).toContain('Stack height: 28 mm');
    expect(text).not.toContain('Add to cart');
  });

  it('reads a JSON-LD description written as HTML with entities or URL-encoded as readers would', () => {
    for (const description of [
      'iFixit&apos;s featherweight trail shoe &amp; its rock plate<br>drain &quot;quickly&quot;.',
      'iFixit%27s%20featherweight%20trail%20shoe%20%26%20its%20rock%20plate%20drain%20%22quickly%22.',
    ]) {
      const jsonLd = { '@context': 'https://schema.org', '@type': 'Product', name: 'Trail Runner 3', description };
      const html = pageWithChrome(
        `<div class="product"><h1>Trail Runner 3</h1><span class="price">$140</span><button>Add to cart</button></div>`,
        `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`,
      );
      const { text } = extractPage(html, { url: PAGE_URL });
      expect(text).toContain(`iFixit's featherweight trail shoe & its rock plate drain "quickly".`);
    }
  });

  it('does not repeat a JSON-LD description the page already shows', () => {
    const description = 'A featherweight trail shoe with a rock plate and a recycled mesh upper that drains quickly.';
    const jsonLd = { '@context': 'https://schema.org', '@type': 'Product', name: 'Trail Runner 3', description };
    const html = pageWithChrome(
      `<div class="product"><h1>Trail Runner 3</h1><p>${description}</p><p>${prose('running shoes', 2)}</p></div>`,
      `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text.split('featherweight').length - 1).toBe(1);
  });

  it('ignores hidden elements but keeps content a script reveals as a whole', () => {
    const html = pageWithChrome(`
      <p>${prose('visible things')}</p>
      <div style="display:none"><p>Secret coupon code SAVE50 for bots only.</p></div>
      <p hidden>Hidden paragraph.</p><span class="sr-only">Opens in a new window</span>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('visible things');
    expect(text).not.toContain('SAVE50');
    expect(text).not.toContain('Hidden paragraph');
    expect(text).not.toContain('new window');

    const gated = `<html><body><div style="display:none"><main><p>${prose('gated content', 4)}</p><p>${prose('more gated content', 4)}</p></main></div><footer>Footer</footer></body></html>`;
    expect(extractPage(gated, { url: PAGE_URL }).text).toContain('The story of gated content');
  });

  it('reads content served in <noscript> and skips noscript notices', () => {
    const html = `<html><body><div id="app"></div><noscript><p>You need to enable JavaScript to run this app.</p></noscript>
      <noscript><div class="topic"><h1>Thread title</h1><p>${prose('static fallback', 4)}</p><p>${prose('second post', 3)}</p></div></noscript></body></html>`;
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of static fallback');
    expect(text).not.toContain('enable JavaScript');
  });

  it('finds content left outside <body> by malformed markup', () => {
    const html = `<html><head><title>x</title></head><body><nav><a href="/">Home</a></nav></body></html><div><p>${prose('stray content', 4)}</p></div>`;
    expect(extractPage(html, { url: PAGE_URL }).text).toContain('The story of stray content');
  });

  it('returns empty content, not an error, for a page without text', () => {
    const page = extractPage('<html><head><title>Empty</title></head><body><img src="/a.png"></body></html>', { url: PAGE_URL });
    expect(page.title).toBe('Empty');
    expect(page.text).toBe('');
  });

  it('handles text in any script and entity-encoded characters alike', () => {
    const html = pageWithChrome(`<article>
      <p>東京の天気は晴れです。明日は雨が降るでしょう。気温は二十度まで上がる見込みです。</p>
      <p>Привет, мир! Это тестовый абзац на русском языке с достаточным количеством слов.</p>
      <p>مرحبا بالعالم، هذه فقرة تجريبية باللغة العربية.</p>
      <p>Caf&eacute; &amp; cr&egrave;me br&ucirc;l&eacute;e &#8212; &#x1F600; &nbsp;done.</p></article>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('東京の天気は晴れです。');
    expect(text).toContain('Привет, мир!');
    expect(text).toContain('مرحبا بالعالم');
    expect(text).toContain('Café & crème brûlée — 😀 done.');
  });

  it("drops readers' comments under an article but keeps them as the content of a discussion page", () => {
    const comments = `<section id="comments" class="comments"><h3>3 comments</h3><ol class="comment-list">
      <li class="comment"><p>Great piece, I learned a lot about the history of the lighthouse keepers and their families.</p></li>
      <li class="comment"><p>My grandfather kept a light on the north coast for thirty years, and he told the same stories.</p></li>
      <li class="comment"><p>Does anyone know whether the museum mentioned in the article is open during the winter?</p></li></ol></section>`;
    const articleHead = '<meta property="og:type" content="article">';
    const article = extractPage(pageWithChrome(`<article><p>${prose('lighthouses')}</p><p>${prose('keepers', 2)}</p></article>${comments}`, articleHead), {
      url: PAGE_URL,
    });
    expect(article.text).toContain('The story of lighthouses');
    expect(article.text).not.toContain('My grandfather kept a light');

    const question = { '@context': 'https://schema.org', '@type': 'QAPage' };
    const discussion = extractPage(
      pageWithChrome(
        `<div class="question"><p>Which lighthouses can still be visited?</p></div>${comments}`,
        `<script type="application/ld+json">${JSON.stringify(question)}</script>`,
      ),
      { url: PAGE_URL },
    );
    expect(discussion.text).toContain('My grandfather kept a light');
    expect(discussion.text).toContain('open during the winter');
  });

  it('keeps a quoted passage once, where it was first written', () => {
    const first = 'The new firmware bricked my router after the automatic update last night, and support is closed.';
    const html = pageWithChrome(`<div class="thread">
      <div class="post"><p>${first}</p></div>
      <div class="post"><blockquote class="quote"><p>${first}</p></blockquote><p>Same here, holding the reset button for thirty seconds fixed it for me.</p></div>
      <div class="post"><blockquote><p>A famous line from a book that nobody on this thread has written before, quoted in full here.</p></blockquote><p>Lovely quote.</p></div></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text.split('bricked my router').length - 1).toBe(1);
    expect(text).toContain('holding the reset button');
    expect(text).toContain('A famous line from a book');
  });

  it('drops bylines, photo credits and headline lists around an article', () => {
    const html = pageWithChrome(
      `<article><div class="byline">By Jane Doe, Staff Writer</div><figure><img src="/p.jpg" alt=""><figcaption>Photo: Jane Doe, AP</figcaption></figure>
      <p>${prose('harbour')}</p><p>${prose('ferries', 2)}</p>
      <h3>More news</h3><ul><li><a href="/1">Council approves the new ferry timetable for the winter season</a></li>
      <li><a href="/2">Storm damage closes the harbour road for a week</a></li><li><a href="/3">Fishermen protest over quotas at the town hall</a></li></ul></article>`,
      '<meta property="og:type" content="article">',
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of harbour');
    expect(text).not.toContain('Jane Doe');
    expect(text).not.toContain('ferry timetable');
  });

  it('keeps link-heavy blocks when they are what the page lists', () => {
    const section = (name: string, items: string[]): string =>
      `<section class="category"><h2>${name}</h2><ul>${items.map((item, i) => `<li><a href="/${name}/${i}">${item}</a></li>`).join('')}</ul></section>`;
    const html = pageWithChrome(
      section('Fiction', ['The Long Winter', 'Harbour Lights', 'North Road']) +
        section('History', ['Empires of Salt', 'The Ferry Age', 'Keepers']) +
        section('Poetry', ['Tide Songs', 'Lamps', 'Gulls']),
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    for (const title of ['The Long Winter', 'Empires of Salt', 'Tide Songs', 'Gulls']) expect(text).toContain(title);
  });

  it('reads content that markup tricks would otherwise hide: streamed segments and stray CDATA', () => {
    const streamed = `<html><body><main><template id="B:0"></template></main><div hidden id="S:0"><p>${prose('streamed', 4)}</p></div></body></html>`;
    expect(extractPage(streamed, { url: PAGE_URL }).text).toContain('The story of streamed');
    const cdata = `<html><body><![CDATA[ <div id="x"></div><main><p>${prose('after cdata', 4)}</p></main></body></html>`;
    expect(extractPage(cdata, { url: PAGE_URL }).text).toContain('The story of after cdata');
  });

  it('prefers the element marked as articleBody over teasers around it', () => {
    const teaser = (n: number): string =>
      `<div class="teaser"><a href="/t/${n}">Headline number ${n} about something else entirely</a><p>Teaser text number ${n} that summarises another story in a sentence or two for readers.</p></div>`;
    const html = pageWithChrome(
      `<div class="teasers">${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</div><div itemprop="articleBody"><p>${prose('the real story')}</p></div>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of the real story');
    expect(text).not.toContain('Teaser text number');
  });

  it('keeps an introduction and a table set beside the main body of prose', () => {
    const html = pageWithChrome(`<div class="doc">
      <div class="intro"><p>This module provides small tools for working with tides.</p><table><tr><th>Function</th><th>Result</th></tr><tr><td>high()</td><td>next high tide</td></tr></table></div>
      <div class="details"><p>${prose('tides', 4)}</p><p>${prose('moons', 4)}</p><p>${prose('harbours', 4)}</p><p>${prose('currents', 4)}</p></div></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('small tools for working with tides');
    expect(text).toContain('high()\tnext high tide');
    expect(text).toContain('The story of currents');
  });
});

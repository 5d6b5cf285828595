import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, productHead, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

/** Extraction heuristics that depend on what kind of page it is (product, listing, thread). */

const PRODUCT_HEAD = productHead('Trail Pack', 'Trail Pack 25');

function reviewsBlock(): string {
  const review = (who: string, body: string): string =>
    `<div class="review-item"><h4>${who}</h4><p>${body} I carried it on a long weekend hike and would buy it again without a second thought.</p></div>`;
  return `<section class="product-reviews"><h2>Customer reviews</h2>
    ${review('Alex', 'Roomy, light and the hip belt is comfortable.')}
    ${review('Sam', 'The side pockets hold a litre bottle each, which I love.')}
    ${review('Kim', 'Zips feel sturdy and the rain cover fits snugly.')}
  </section>`;
}

const PRODUCT_BODY = `
  <h1>Trail Pack 25</h1>
  <div class="description"><p>${prose('the trail pack')}</p><p>${prose('its frame sheet', 2)}</p></div>
  ${reviewsBlock()}`;

describe('extractPage on product pages', () => {
  it('drops customer reviews on a page that declares a product in JSON-LD', () => {
    const { text } = extractPage(pageWithChrome(PRODUCT_BODY, PRODUCT_HEAD), { url: PAGE_URL });
    expect(text).toContain('The story of the trail pack begins');
    expect(text).not.toContain('hip belt is comfortable');
  });

  it("drops buyers' feedback on a product page (a box named feedback, as shops call their sellers' ratings)", () => {
    const entry = (who: string, body: string): string =>
      `<li class="fdbk-item"><span>${who} - Feedback left by buyer.</span><p>${body} Arrived quickly and exactly as described, would happily buy from this seller again.</p></li>`;
    const feedback = `<section class="seller-feedback"><h2>Seller feedback (1,204)</h2><ul>${entry('a***a', 'Great packaging.')}${entry('k***9', 'Fast shipping.')}${entry('r***6', 'Excellent communication.')}</ul></section>`;
    const { text } = extractPage(
      pageWithChrome(`<h1>Trail Pack 25</h1><p>${prose('the trail pack')}</p><p>${prose('its frame sheet', 2)}</p>${feedback}`, PRODUCT_HEAD),
      {
        url: PAGE_URL,
      },
    );
    expect(text).toContain('The story of the trail pack begins');
    expect(text).not.toContain('Feedback left by buyer');
  });

  it("drops reviews on a page that declares nothing only when they read as a shop's (verified purchases)", () => {
    const verified = PRODUCT_BODY.replaceAll('I carried it', 'Reviewed on 2 May 2025Verified Purchase. I carried it');
    expect(extractPage(pageWithChrome(verified, '<title>Trail Pack</title>'), { url: PAGE_URL }).text).not.toContain('hip belt is comfortable');
    const testimonials = extractPage(pageWithChrome(PRODUCT_BODY, '<title>Trail Pack</title>'), { url: PAGE_URL }).text;
    expect(testimonials).toContain('hip belt is comfortable');
  });

  it("drops a product's custom fields printed under programme field names, keeping terms in words", () => {
    const fields = `<dl><dt>Material:</dt><dd>Combed cotton</dd><dt>retail_price_tier1:</dt><dd>$20.00_1-9 items</dd>
      <dt>cat_thumb_Navy:</dt><dd>https://cdn.example.com/thumbs/navy.jpg</dd><dt>Fit:</dt><dd>Regular</dd></dl>`;
    const { text } = extractPage(pageWithChrome(`${PRODUCT_BODY}${fields}`, PRODUCT_HEAD), { url: PAGE_URL });
    expect(text).toContain('Combed cotton');
    expect(text).toContain('Regular');
    expect(text).not.toContain('retail_price_tier1');
    expect(text).not.toContain('navy.jpg');
  });

  it('reads a product declared only in microdata', () => {
    const body = `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Trail Pack 25">${PRODUCT_BODY}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of its frame sheet begins');
    expect(text).not.toContain('Zips feel sturdy');
  });

  it('keeps reviews on an article that reviews products (article and product both declared)', () => {
    const head = `<title>Best packs</title><script type="application/ld+json">[{"@type":"NewsArticle","headline":"Best packs"},{"@type":"Product","name":"Trail Pack 25"}]</script>`;
    const { text } = extractPage(pageWithChrome(PRODUCT_BODY, head), { url: PAGE_URL });
    expect(text).toContain('hip belt is comfortable');
  });

  it("drops rows of other products' cards (link, name, price) under a product, but not on other pages", () => {
    const card = (name: string, price: string): string =>
      `<li class="card"><a href="/p/${name.length}">${name}</a><span class="price">${price}</span><span>Free delivery</span></li>`;
    const grid = `<h2>More packs</h2><ul class="carousel">${card('Summit Pack 40', '$129.00')}${card('Day Pack 18', '$59.95')}${card('Hip Pack 3', '€24,90')}${card('Rain Cover M', '£15.00')}</ul>`;
    const body = `<h1>Trail Pack 25</h1><p>${prose('the trail pack')}</p><p>Price: $89.00</p>${grid}`;
    const product = extractPage(pageWithChrome(body, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(product).toContain('The story of the trail pack begins');
    expect(product).toContain('Price: $89.00');
    expect(product).not.toContain('Summit Pack 40');
    const other = extractPage(pageWithChrome(body), { url: PAGE_URL }).text;
    expect(other).toContain('Summit Pack 40');
  });

  it('reads a page marking up three products or more, or products listed in an ItemList, as a listing whose cards stay', () => {
    const card = (name: string, price: string, itemList = false): string =>
      `<li class="card"${itemList ? ' itemprop="itemListElement"' : ''} itemscope itemtype="https://schema.org/Product"><a itemprop="url" href="/p/${name.length}"><span itemprop="name">${name}</span></a><span class="price">${price}</span><span>Free delivery</span></li>`;
    const cards = (itemList = false): string =>
      [card('Summit Pack 40', '$129.00', itemList), card('Day Pack 18', '$59.95', itemList), card('Hip Pack 3', '€24,90', itemList)].join('');
    const intro = `<h1>Packs</h1><p>${prose('our packs')}</p><p>Price: from $24.90</p>`;
    const listed = extractPage(pageWithChrome(`${intro}<h2>More packs</h2><ul class="carousel">${cards()}</ul>`), { url: PAGE_URL }).text;
    expect(listed).toContain('Summit Pack 40');
    const itemList = `${intro}<h2>More packs</h2><ul class="carousel" itemscope itemtype="https://schema.org/ItemList">${cards(true)}</ul>`;
    expect(extractPage(pageWithChrome(itemList), { url: PAGE_URL }).text).toContain('Summit Pack 40');
    // One product marked up beside other cards is still a product page.
    const single = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Trail Pack 25</h1><p>${prose('the trail pack')}</p></div><h2>More packs</h2><ul class="carousel">${[
      '<li class="card"><a href="/p/1">Summit Pack 40</a><span class="price">$129.00</span><span>Free delivery</span></li>',
      '<li class="card"><a href="/p/2">Day Pack 18</a><span class="price">$59.95</span><span>Free delivery</span></li>',
      '<li class="card"><a href="/p/3">Hip Pack 3</a><span class="price">€24,90</span><span>Free delivery</span></li>',
    ].join('')}</ul>`;
    expect(extractPage(pageWithChrome(single), { url: PAGE_URL }).text).not.toContain('Summit Pack 40');
  });

  it("drops a product's variant pickers outside a form (labels, option groups, ARIA radios), but not on other pages", () => {
    const swatch = (colour: string): string => `<label><input type="radio" name="colour" value="${colour}">${colour}</label>`;
    const pickers = `<div class="product-options"><fieldset><legend>Colour:</legend>${swatch('Forest green')}${swatch('Slate grey')}</fieldset>
      <div role="radiogroup" aria-label="Size"><span role="radio" aria-checked="true">Twenty-five litres</span><span role="radio">Thirty litres</span></div>
      <button>Add to cart</button></div>`;
    const body = `<h1>Trail Pack 25</h1><p>${prose('the trail pack')}</p><p>Price: $89.00</p>${pickers}<p>${prose('its frame sheet', 2)}</p>`;
    const product = extractPage(pageWithChrome(body, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(product).toContain('The story of the trail pack begins');
    expect(product).toContain('The story of its frame sheet begins');
    expect(product).toContain('Price: $89.00');
    for (const control of ['Colour:', 'Slate grey', 'Thirty litres']) expect(product).not.toContain(control);
    const other = extractPage(pageWithChrome(body), { url: PAGE_URL }).text;
    expect(other).toContain('Slate grey');
  });

  it('keeps reviews on pages that declare no product', () => {
    const { text } = extractPage(pageWithChrome(PRODUCT_BODY), { url: PAGE_URL });
    expect(text).toContain('hip belt is comfortable');
  });
});

describe("extractPage on the shop around a product's title", () => {
  const lead = `<div class="store-strip"><p>Free shipping on domestic orders over $75</p><p>Need help choosing? Call 1-888-555-0100 for expert advice.</p></div>`;
  const product = `<div class="pdp">${lead}<div class="info"><span>image 1 of 8</span><h1>Trail Pack 25</h1><p>${prose('the trail pack')}</p><p>${prose('its frame sheet', 2)}</p></div></div>`;

  it('drops what stands before the title of a declared product when it is a small part of the content', () => {
    const text = extractPage(pageWithChrome(product, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(text).toContain('Trail Pack 25');
    expect(text).toContain('The story of its frame sheet begins');
    expect(text).not.toContain('Free shipping on domestic orders');
    expect(text).not.toContain('image 1 of 8');
    expect(extractPage(pageWithChrome(product, '<title>Trail Pack</title>'), { url: PAGE_URL }).text).toContain('Free shipping on domestic orders');
  });

  it('keeps a description laid out before the title', () => {
    const first = `<div class="pdp"><div class="about"><p>${prose('the harness', 4)}</p><p>${prose('the fabric', 4)}</p></div><div class="buy"><h1>Trail Pack 25</h1><p>$129.00</p><p>${prose('the straps', 3)}</p></div></div>`;
    const text = extractPage(pageWithChrome(first, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(text).toContain('The story of the harness begins');
    expect(text).toContain('The story of the straps begins');
  });
});

describe('extractPage on listings', () => {
  const card = (title: string, summary: string): string => `
    <article class="river-article">
      <a href="/story/${title.length}" aria-hidden="true" tabindex="-1"><img src="/t.jpg" alt=""></a>
      <header>
        <h2><a href="/story/${title.length}">${title}</a></h2>
        <p class="river-desc"><a href="/story/${title.length}" aria-hidden="true" tabindex="-1">${summary}</a></p>
      </header>
      <span aria-hidden="true" class="icon">★</span>
    </article>`;
  const listing = `<h1>Headphones</h1><section class="stories">
    ${card('New colours for the studio headphones', 'A retailer now sells the studio headphones in three exclusive colours, which were not offered before.')}
    ${card('Hands on with live translation in earbuds', 'We tried the translation feature on a trip abroad and found it quick, if not always accurate.')}
    ${card('The best noise cancelling headphones this year', 'Six pairs tested on planes, trains and open offices, from budget picks to premium cans.')}
  </section>`;

  it("keeps a teaser card's own <header> with its linked headline", () => {
    const { text } = extractPage(pageWithChrome(listing), { url: PAGE_URL });
    expect(text).toContain('New colours for the studio headphones');
    expect(text).toContain('The best noise cancelling headphones this year');
  });

  it('keeps text marked aria-hidden (a visible duplicate link, a collapsed panel) but drops aria-hidden icons', () => {
    const { text } = extractPage(pageWithChrome(listing), { url: PAGE_URL });
    expect(text).toContain('found it quick, if not always accurate');
    expect(text).not.toContain('★');
  });

  it('still drops a page header outside any article', () => {
    const html = pageWithChrome(
      `<header class="page-top"><a href="/">Home</a> <a href="/shop">Shop the sale now</a></header><article><p>${prose('tides')}</p><p>${prose('moons', 2)}</p></article>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of tides');
    expect(text).not.toContain('Shop the sale now');
  });
});

describe('extractPage with tabs and collapsed sections', () => {
  it('keeps the text of hidden tab panels and collapsed accordion bodies, but not other hidden elements', () => {
    const html = pageWithChrome(`
      <h1>Camp Stove</h1>
      <p>${prose('the camp stove', 2)}</p>
      <div role="tablist"><button role="tab">Description</button><button role="tab">Specifications</button></div>
      <div role="tabpanel" hidden><p>${prose('its simmer control', 2)}</p></div>
      <div class="tab-pane d-none"><p>Weight 320 grams, burns for ninety minutes on one canister, folds into its own pot.</p></div>
      <div class="accordion__content" style="display:none"><p>Ships with a wind screen and a stuff sack made of recycled nylon.</p></div>
      <div class="hidden"><p>Your basket is empty. Sign in to see the items you saved last time you visited.</p></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of its simmer control');
    expect(text).toContain('burns for ninety minutes');
    expect(text).toContain('stuff sack made of recycled nylon');
    expect(text).not.toContain('Your basket is empty');
  });
});

describe('extractPage when a short blurb sits beside what the page lists', () => {
  it('keeps a list of linked entries when it holds far more text than the prose blurb beside it', () => {
    const rows = Array.from(
      { length: 250 },
      (_, i) => `<li><a href="/hinge/${i}">Catalogue entry ${i + 1}: brass hinge, size ${i + 10} mm</a> in stock</li>`,
    ).join('');
    const html = pageWithChrome(`<div class="intro"><p>${prose('hinges', 4)}</p><p>${prose('brass', 4)}</p></div><ul class="catalogue">${rows}</ul>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of hinges begins');
    expect(text).toContain('Catalogue entry 1: brass hinge');
    expect(text).toContain('Catalogue entry 250: brass hinge');
  });
});

describe('extractPage on a thread whose first post is long', () => {
  it('keeps the short replies: the run of alike posts is the content, not its first item', () => {
    const reply = (who: string, body: string): string =>
      `<div class="post reply"><a href="/u/${who}">${who}</a> <a href="/r">Reply</a> <a href="/q">Quote</a> <a href="/flag">Report</a><p>${body}</p></div>`;
    const html = pageWithChrome(`<h1>Cycling fish tanks</h1><div class="thread">
      <div class="post first"><a href="/u/aqua">aqua</a><p>${prose('nitrogen cycles', 4)}</p><p>${prose('test kits', 4)}</p><p>${prose('water changes', 4)}</p><p>${prose('ammonia', 4)}</p></div>
      ${reply('marn', 'Agreed, patience.')}
      ${reply('flameblade', 'Ha, sparkly fish!')}
      ${reply('discus', 'Quarantine first.')}
    </div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of ammonia begins');
    expect(text).toContain('Agreed, patience.');
    expect(text).toContain('Quarantine first.');
  });
});

describe('extractPage with a furniture-named wrapper', () => {
  it('keeps a container named like a sidebar when it holds most of the prose, even on a page heavy with menus', () => {
    const menu = Array.from({ length: 60 }, (_, i) => `<li><a href="/section/${i}">Section number ${i} of the site</a></li>`).join('');
    const html = `<html><body><div class="mega"><ul>${menu}</ul></div>
      <div class="col-w-sidebar"><div class="story"><p>${prose('encephalitis')}</p><p>${prose('mosquitoes')}</p></div>
      <div class="links"><a href="/a">Weather</a> <a href="/b">Traffic</a></div></div></body></html>`;
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of encephalitis begins');
    expect(text).toContain('The story of mosquitoes begins');
  });
});

describe('extractPage on a thread inside a form', () => {
  // Forum software wraps a thread's posts in its moderation form; a consent manager's
  // preference centre beside it can hold more text than the whole thread.
  const consentCentre = `<div id="consent-sdk"><div class="preference-centre">${['strictly necessary', 'performance', 'functional', 'targeting']
    .map((purpose) => `<h3>${purpose}</h3><p>${prose(`${purpose} cookies`, 4)}</p>`)
    .join('')}</div></div>`;
  const thread = (fields: string) =>
    `<!doctype html><html><head><title>First telescope?</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"First telescope?"}</script></head>
    <body><main><h1>First telescope?</h1><form action="/topic/12/?do=multimodComment" method="post">${fields}
      <article class="post"><p>${prose('refractors')}</p><button>Quote</button></article>
      <article class="post"><p>${prose('binoculars', 2)}</p><button>Quote</button></article>
    </form></main>${consentCentre}</body></html>`;

  it('keeps the posts of a moderation form (buttons and hidden fields, nothing to fill in)', () => {
    const { text } = extractPage(thread('<input type="hidden" name="csrf" value="x"><input type="checkbox" name="posts[]">'), { url: PAGE_URL });
    expect(text).toContain('The story of refractors begins');
    expect(text).toContain('The story of binoculars begins');
  });

  it('still drops a form around a table of rows to pick (a comparison grid with checkboxes)', () => {
    const rows = ['the trail watch', 'the city watch', 'the dive watch']
      .map((model) => `<tr><td><input type="checkbox" name="compare"></td><td>${prose(model, 3)}</td></tr>`)
      .join('');
    const grid = `<form action="/compare"><table>${rows}</table><button>Compare</button></form>`;
    const html = pageWithChrome(`<h1>GPS watches</h1><p>${prose('satellites', 4)}</p><p>${prose('batteries', 4)}</p><p>${prose('straps', 4)}</p>${grid}`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of straps begins');
    expect(text).not.toContain('The story of the dive watch');
  });

  it('still drops a form with fields to fill in, however much notice text it carries', () => {
    const contact = `<form action="/contact" method="post"><label>Name <input name="name"></label><label>Email <input type="email" name="email"></label>
      <textarea name="message"></textarea><p>${prose('consent notices', 4)}</p><button>Send</button></form>`;
    const html = pageWithChrome(
      `<h1>Heat pumps</h1><p>${prose('heat pumps', 4)}</p><p>${prose('ground loops', 4)}</p><p>${prose('radiators', 4)}</p>${contact}`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of radiators begins');
    expect(text).not.toContain('consent notices');
  });
});

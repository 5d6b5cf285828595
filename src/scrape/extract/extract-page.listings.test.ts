import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

/** Listing and collection pages: what they list is content, however little prose it holds. */

const headlines = (prefix: string): string[] =>
  ['Slow-cooker beans with smoked paprika', 'Sheet-pan chicken with lemon and olives', 'Weeknight noodles with crispy tofu'].map(
    (title) => `${prefix}: ${title}`,
  );

function card(title: string, index: number): string {
  return `<a class="card" href="/recipes/${index}"><span class="card__title">${title}</span></a>`;
}

describe('extractPage on listings', () => {
  it('drops a consent preference centre holding more prose than the listing it covers', () => {
    const purposes = ['Store and access information', 'Personalised advertising', 'Measure content performance', 'Develop and improve services']
      .map((purpose) => `<h4>${purpose}</h4><p>${prose(`the purpose called ${purpose.toLowerCase()}`)}</p>`)
      .join('');
    const centre = `<div id="consent-sdk"><div role="region"><h3>Your Privacy</h3>${purposes}</div></div>`;
    const cards = [...headlines('Dinner'), ...headlines('Lunch')].map(card).join('');
    const page = pageWithChrome(`<h1>Dinner recipes</h1><div class="card-list">${cards}</div>`).replace('</body>', `${centre}</body>`);
    const { text } = extractPage(page, { url: PAGE_URL });
    expect(text).toContain('Dinner: Sheet-pan chicken with lemon and olives');
    expect(text).toContain('Lunch: Weeknight noodles with crispy tofu');
    expect(text).not.toContain('Personalised advertising');
  });

  it('keeps a run of alike link boxes named like recirculation when they are what the page lists', () => {
    const box = (topic: string, index: number): string =>
      `<div class="recirc-list-container"><h2>${topic}</h2><div class="recirc-list">${headlines(topic)
        .map((title, n) => card(title, index * 10 + n))
        .join('')}</div></div>`;
    const boxes = ['Quick dinners', 'Cooking for two', 'Vegetarian mains', 'Sheet-pan suppers'].map(box).join('');
    const body = `<h1>Dinner recipes</h1><p>What is for dinner? Popular five-star recipes.</p><div class="article-list-group">${boxes}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Quick dinners: Slow-cooker beans with smoked paprika');
    expect(text).toContain('Sheet-pan suppers: Weeknight noodles with crispy tofu');
  });

  it('keeps a box named like recommendations when it holds most of what the page shows beyond its menus', () => {
    const mower = (model: string, acres: string, price: string): string =>
      `<div class="col-md-4 items-listing"><a href="/mowers/${model}" class="item-img"><div class="box-sku"><h4>${model}</h4></div><div class="item-title"><h3>Robotic lawn mower for ${acres} acre lawns</h3><span class="price">${price}</span></div></a></div>`;
    const models: Array<[string, string, string]> = [
      ['KR161', 'a quarter', '$2,099.99'],
      ['KR172', 'half an', '$2,499.99'],
      ['KR173', 'three quarters of an', '$2,999.99'],
      ['KR174', 'one and a quarter', '$3,499.99'],
      ['KR233', '3', '$8,499.99'],
      ['KR236', '6', '$13,799.99'],
    ];
    const grid = `<section class="related-product"><div class="content-listing">${models.map((model) => mower(...model)).join('')}</div></section>`;
    const menu = `<ul class="site-links">${['Mowers', 'Trimmers', 'Blowers', 'Batteries', 'Support', 'Dealers', 'Contact', 'Careers']
      .map((label) => `<li><a href="/${label.toLowerCase()}">${label}</a></li>`)
      .join('')}</ul>`;
    const page = pageWithChrome(`<div class="col-sm-5"><h1>Robotic lawn mowers</h1></div>${menu}<div class="entry-content">${grid}</div>`);
    const { text } = extractPage(page, { url: PAGE_URL });
    expect(text).toContain('KR172');
    expect(text).toContain('Robotic lawn mower for 3 acre lawns');
  });

  it("keeps a card's title whose id or class names it like an advertisement (a sponsored result's heading)", () => {
    const result = (title: string, n: number): string =>
      `<li class="listing-card"><a href="/listing/${n}"><h2 id="ad-listing-title-${n}" class="card__title">${title}</h2></a><p>Sale Price USD 52.50</p></li>`;
    const titles = [
      'Handmade leather bifold wallet with card slots',
      'Slim minimalist wallet in vegetable tanned leather',
      'Personalised engraved wallet for him',
    ];
    const body = `<h1>Handmade wallet</h1><p>1,000+ relevant results, with ads</p><ul class="results">${titles.map(result).join('')}</ul>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    for (const title of titles) expect(text).toContain(title);
  });

  it('still drops a single related box under an article', () => {
    const related = `<div class="related-posts"><h3>Related</h3><ul>${headlines('More')
      .map((title, n) => `<li>${card(title, n)}</li>`)
      .join('')}</ul></div>`;
    const body = `<article><h1>Beans</h1><p>${prose('the bean')}</p><p>${prose('the pot', 2)}</p>${related}</article>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of the bean begins');
    expect(text).not.toContain('More: Slow-cooker beans');
  });

  it("keeps one copy of a card's details rendered twice (narrow and wide layouts), and labels shared by every card", () => {
    const details = (n: number): string =>
      `<section class="details"><a href="/events/${n}"><h3>Reverse-engineering legacy shops, part ${n}</h3></a><p>Wednesday at 4:00 PM</p><p>Free delivery</p></section>`;
    const event = (n: number): string => `<li class="event"><div class="narrow-card">${details(n)}</div><div class="wide-card">${details(n)}</div></li>`;
    const body = `<h1>Tech conferences online</h1><ul class="events">${[1, 2, 3, 4].map(event).join('')}</ul>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    for (const n of [1, 2, 3, 4]) expect(text.split(`legacy shops, part ${n}`).length - 1).toBe(1);
    expect(text.split('Free delivery').length - 1).toBe(4);
  });

  it('keeps an A to Z list of short category links beside a title box holding the only sentence of the page', () => {
    const letters = [
      'Adapters Anchors Axles Adhesives',
      'Bands Bolts Brackets Bushings',
      'Casters Clamps Clips Couplings',
      'Dowels Drawers Dampers',
      'Eyebolts Extrusions Escutcheons',
      'Hinges Hooks Hasps Handles',
      'Latches Levers Locks',
      'Nuts Nails Nozzles',
      'Rivets Rods Rollers',
      'Screws Springs Studs Shims',
    ];
    const groups = letters
      .map(
        (names) =>
          `<div class="letter-group"><h3>${names[0]}</h3><ul>${names
            .split(' ')
            .map((name) => `<li><a href="/c/${name}">${name}</a></li>`)
            .join('')}</ul></div>`,
      )
      .join('');
    const body = `<div class="page-title"><h1>Fasteners and hardware</h1><p>Find item details, images and prices from the catalogues of manufacturers and distributors.</p></div><div class="browse">${groups}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Find item details');
    expect(text).toContain('Drawers');
    expect(text).toContain('Nozzles');
  });

  it('keeps the rows of a table and the entries of a definition list that link, beside an introduction of prose', () => {
    const row = (n: number): string =>
      `<tr><td>${n}</td><td><a href="/clubs/${n}">Harbour Rovers ${n}</a></td><td><a href="/grounds/${n}">Quay Park ${n}</a></td><td><a href="/reports/${n}">Report</a></td></tr>`;
    const entry = (n: number): string =>
      `<dt><a href="/abs/${n}">arXiv:${n}</a> [<a href="/pdf/${n}">pdf</a>, <a href="/ps/${n}">ps</a>, <a href="/other/${n}">other</a>]</dt><dd>Tidal models, part ${n}</dd>`;
    const body = `<h1>Fixtures and new papers</h1><p>${prose('the season', 4)}</p><p>${prose('the league', 4)}</p>
      <table><tr><th>Round</th><th>Home</th><th>Ground</th><th>Match</th></tr>${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map(row).join('')}</table>
      <dl>${[7, 8, 9, 10, 11, 12].map(entry).join('')}</dl>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Harbour Rovers 4');
    expect(text).toContain('Quay Park 6');
    expect(text).toContain('arXiv:9');
  });

  it("keeps a front page's sections of headlines that together hold most of its content, beside a story of prose", () => {
    const topics = ['World', 'Business', 'Science', 'Climate', 'Health', 'Culture', 'Travel', 'Food'];
    const section = (topic: string): string =>
      `<div class="section-group"><h2>${topic}</h2><ul>${[1, 2, 3, 4, 5, 6, 7, 8]
        .map((n) => `<li><a href="/${topic}/${n}">${topic} headline number ${n} of today</a></li>`)
        .join('')}</ul></div>`;
    const body = `<p>${prose('the lead story', 3)}</p><p>${prose('the harbour', 3)}</p>${topics.map(section).join('')}`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of the lead story');
    expect(text).toContain('Climate headline number 3 of today');
    expect(text).toContain('Food headline number 8 of today');
  });

  it('keeps a grid of cards, half their text in links, beside the prose block the walk goes down to', () => {
    const tiles = [
      'Oak bookcase with five shelves',
      'Pine wall shelf in natural wood',
      'Walnut media console, low',
      'Birch display cabinet with glass',
      'Ash corner unit for small rooms',
      'Teak ladder shelf, leaning',
    ]
      .map((name, n) => `<div class="tile"><a href="/p/${n}">${name}</a><p>Ships in ${n + 2} days, assembly kit incl.</p></div>`)
      .join('');
    const body = `<div class="category"><div class="tiles">${tiles}</div><div class="category-text"><h2>About our shelving</h2><p>${prose('shelving', 4)}</p><p>${prose('the workshop', 4)}</p></div></div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of shelving');
    expect(text).toContain('Walnut media console, low');
    expect(text).toContain('Ships in 4 days');
  });

  it("drops a checkbox's label repeated on every card (compare), and keeps labels that differ", () => {
    const cards = ['Trail runner 2', 'Road racer 5', 'Hill climber 3', 'Track spike 1']
      .map(
        (name, n) =>
          `<div class="card"><a href="/p/${n}"><h3>${name}</h3></a><p>Light shoe for long days out, ${n + 5} colours.</p><div class="compare"><input type="checkbox" id="cmp${n}"><label for="cmp${n}">Compare</label></div></div>`,
      )
      .join('');
    const facets = ['Waterproof', 'Wide fit', 'Vegan'].map((name, n) => `<li><label><input type="checkbox" name="f${n}">${name}</label></li>`).join('');
    const body = `<h1>Running shoes</h1><div class="grid"><ul>${facets}</ul>${cards}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Hill climber 3');
    expect(text).toContain('Wide fit');
    expect(text).not.toContain('Compare');
  });

  it("drops the lines a listing's sort, filter and result count leave, and buttons repeated on every card", () => {
    const cards = ['Trail runner 2', 'Road racer 5', 'Hill climber 3', 'Track spike 1']
      .map(
        (name, n) =>
          `<div class="card"><a href="/p/${n}"><h3>${name}</h3></a><p>Light shoe for long days out, ${n + 5} colours.</p><div class="btn">Quick view</div><div class="btn">Add to cart</div><p>More options</p><p>Sponsored</p><span>Best seller</span></div>`,
      )
      .join('');
    const toolbar = '<p>Loading…</p><p>Showing 4 of 128 results</p><p>Sort by: Best Match</p><p>Filter &amp; sort</p>';
    const body = `<h1>Running shoes</h1><div class="grid">${toolbar}${cards}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Hill climber 3');
    for (const control of ['Showing 4 of 128', 'Sort by', 'Filter & sort', 'Quick view', 'More options', 'Sponsored', 'Loading', 'Best seller'])
      expect(text).not.toContain(control);
    expect(text).not.toContain('Add to cart');
  });

  it("drops an option's name left on every card by its picker and glued card buttons, and keeps labelled values", () => {
    const cards = ['Dark roast', 'Medium roast', 'Light roast', 'Decaf roast']
      .map(
        (name, n) =>
          `<div class="card"><a href="/p/${n}"><h3>${name} coffee beans</h3></a><p>Whole beans roasted to order, ${n + 10} ounces.</p><p>Size</p><p>Type:</p><p>Ground</p><p>More info Quick view</p><p>Show options</p><p>Compare</p></div>`,
      )
      .join('');
    const body = `<h1>Coffee</h1><div class="grid">${cards}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Light roast coffee beans');
    expect(text).not.toMatch(/^\s*Size\s*$/m);
    expect(text).not.toContain('More info');
    expect(text).not.toContain('Quick view');
    expect(text).not.toContain('Show options');
    expect(text).not.toMatch(/^\s*Compare\s*$/m);
    expect(text.split('Type:').length - 1).toBe(4);
  });

  it('keeps one copy of a price a card shows twice, and the same price on other cards', () => {
    const cards = ['Trail runner 2', 'Road racer 5', 'Hill climber 3']
      .map(
        (name, n) =>
          `<div class="card"><a href="/p/${n}"><h3>${name}</h3></a><p>Light shoe for long days out, ${n + 5} colours.</p><div class="price"><span class="regular">$19.99</span></div><div class="price-mobile"><span>$19.99</span></div></div>`,
      )
      .join('');
    const body = `<h1>Running shoes</h1><div class="grid">${cards}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Hill climber 3');
    expect(text.split('$19.99').length - 1).toBe(3);
  });

  it("drops a card's price label hidden from sight under a design system's prefix", () => {
    const cards = ['Trail runner 2', 'Road racer 5', 'Hill climber 3']
      .map(
        (name, n) =>
          `<div class="card"><a href="/p/${n}"><h3>${name}</h3></a><p>Light shoe for long days out, ${n + 5} colours.</p><p class="price"><span class="wt-screen-reader-only">Sale price</span> $${n + 40}.50</p></div>`,
      )
      .join('');
    const body = `<h1>Running shoes</h1><div class="grid">${cards}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('$41.50');
    expect(text).not.toContain('Sale price');
  });

  it('keeps a star rating spelled out inside an icon hidden from screen readers', () => {
    const cards = ['Theo of Golden', 'Project Hail Mary', 'The Let Them Theory']
      .map(
        (name, n) =>
          `<li class="item"><a href="/dp/${n}">${name}</a><span class="author">Author ${n + 1}</span><a href="/reviews/${n}"><i aria-hidden="true" class="icon-star"><span>4.${n + 5} out of 5 stars</span></i></a><span>$${n + 12}.98</span></li>`,
      )
      .join('');
    const body = `<h1>Best sellers in books</h1><ol class="ranking">${cards}</ol>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Project Hail Mary');
    expect(text).toContain('4.6 out of 5 stars');
  });

  it("keeps a shop's grid beside the lone <article> holding its category's blurb", () => {
    const names = ['Linen sofa', 'Velvet armchair', 'Oak coffee table', 'Wool rug', 'Rattan lounge chair', 'Leather ottoman'];
    const tiles = names
      .flatMap((name) => [`${name}, natural oak and linen`, `${name}, charcoal oak and wool`, `${name}, sand ash and cotton`])
      .map((name, n) => `<div class="tile"><a href="/p/${n}">${name}</a><p>From $${n + 2}99, delivered to your door in ${n + 2} weeks</p></div>`)
      .join('');
    const body = `<div class="tiles">${tiles}</div><article><h2>Living room furniture</h2><p>${prose('the living room', 4)}</p></article>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of the living room');
    expect(text).toContain('Velvet armchair, charcoal oak and wool');
  });
});

/**
 * A small web on loopback for answer tests: article pages on distinct subjects, each inside the
 * furniture real pages carry (navigation, a cookie banner, a footer), so a test can check that the
 * model is given the article and not the furniture. Every page mentions "lighthouse" so one search
 * finds them all; each has one fact a question can ask for.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createIndexer } from '../../src/local-index/indexer.js';
import { createIndexStore } from '../../src/local-index/store.js';
import type { TestApp } from './app.js';

export const NAVIGATION = 'Home Shop Subscribe Careers Press Contact';
export const COOKIE_BANNER = 'We use cookies to improve your experience. Accept all cookies to continue browsing.';
export const FOOTER = 'Copyright 2026 Coastal Media Group. All rights reserved. Privacy policy. Terms of use.';

export interface AnswerPage {
  readonly path: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export const ANSWER_PAGES: readonly AnswerPage[] = [
  {
    path: '/lighthouses/fresnel',
    title: 'How the Fresnel lens changed lighthouses',
    paragraphs: [
      'Augustin Fresnel presented his stepped lens to the French Academy of Sciences in 1822, and the first lighthouse to use it was Cordouan, lit in 1823.',
      'A first-order Fresnel lens could throw a lighthouse beam more than twenty miles, several times the reach of the mirrors it replaced.',
      'The lens works by cutting a thick convex lens into concentric rings, so that a lighthouse lens of the same power weighs a fraction as much.',
    ],
  },
  {
    path: '/lighthouses/keepers',
    title: 'The life of a lighthouse keeper',
    paragraphs: [
      'A lighthouse keeper trimmed the wicks every four hours through the night, which is why keepers were called wickies.',
      'Most keepers served three-week shifts at rock stations, followed by one week ashore with their families.',
      'The last keepers in Britain left the North Foreland lighthouse in 1998, when it became automatic.',
    ],
  },
  {
    path: '/lighthouses/tallest',
    title: 'The tallest lighthouses in the world',
    paragraphs: [
      'The Jeddah Light in Saudi Arabia is the tallest lighthouse in the world, at about 133 metres.',
      "Europe's tallest traditional lighthouse is the Île Vierge light in Brittany, 82.5 metres of granite finished in 1902.",
      'Tall towers matter less since radar and satellite navigation, yet a lighthouse still guides small boats home.',
    ],
  },
];

/**
 * More pages on the same subject, served always but indexed only when a harness asks for them
 * (`morePages`): six pages in all, so a test can tell three pages read from five.
 */
export const MORE_ANSWER_PAGES: readonly AnswerPage[] = [
  {
    path: '/lighthouses/pharos',
    title: 'The Pharos of Alexandria',
    paragraphs: [
      'The Pharos of Alexandria, finished around 280 BC, is the first lighthouse known by name.',
      'Earthquakes damaged the lighthouse over the centuries until it fell in the fourteenth century.',
    ],
  },
  {
    path: '/lighthouses/daymarks',
    title: 'Why lighthouses are painted in stripes',
    paragraphs: [
      'A daymark is the pattern painted on a lighthouse so sailors can tell one tower from another by day.',
      'Cape Hatteras lighthouse wears a black and white spiral, its neighbour Bodie Island horizontal bands.',
    ],
  },
  {
    path: '/lighthouses/foghorns',
    title: 'Foghorns and the lighthouse in fog',
    paragraphs: [
      'When fog hid the lighthouse beam, a foghorn sounded a pattern of blasts that named the station.',
      'The diaphone foghorn, with its deep grunt at the end of each blast, was common from the 1900s.',
    ],
  },
];

const SERVED = [...ANSWER_PAGES, ...MORE_ANSWER_PAGES];

function html(page: AnswerPage): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head><body>
<div class="cookie-banner" id="cookie-consent"><p>${COOKIE_BANNER}</p><button>Accept</button></div>
<header><nav><ul>${NAVIGATION.split(' ')
    .map((item) => `<li><a href="/${item.toLowerCase()}">${item}</a></li>`)
    .join('')}</ul></nav></header>
<main><article><h1>${page.title}</h1>
${page.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</article></main>
<footer><p>${FOOTER}</p></footer>
</body></html>`;
}

export interface AnswerSite {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `127.0.0.1:PORT`, for SCRAPE_ALLOWED_HOSTS. */
  readonly host: string;
  /** Paths answered with 500 from now on (a page that fails). */
  readonly failing: Set<string>;
  close(): Promise<void>;
}

export async function startAnswerSite(): Promise<AnswerSite> {
  const failing = new Set<string>();
  const server = createServer((req, res) => {
    const page = SERVED.find((candidate) => candidate.path === req.url);
    if (page === undefined || failing.has(page.path)) {
      res.writeHead(page === undefined ? 404 : 500, { 'content-type': 'text/plain' }).end('no');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    failing,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Puts `pages` of the running site in the app's local index, as a crawl would: the search engine of answer tests. */
export async function indexAnswerPages(t: TestApp, site: AnswerSite, pages: readonly AnswerPage[] = ANSWER_PAGES): Promise<void> {
  const { db, dialect } = t.quarry;
  const indexer = createIndexer({ store: createIndexStore(db, dialect), now: () => new Date() });
  for (const page of pages) {
    const html = await (await fetch(`${site.url}${page.path}`)).text();
    await indexer.indexHtml(html, `${site.url}${page.path}`, 'import');
  }
}

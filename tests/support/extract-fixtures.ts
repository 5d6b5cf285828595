/**
 * Small hand-written HTML pages for extraction tests: real-looking page furniture around
 * whatever main content a test supplies, so each test states only what it is about.
 */

export const PAGE_URL = 'https://news.example.com/2024/05/story.html';

const SITE_HEADER = `
<header class="site-header">
  <a class="logo" href="/">Example News</a>
  <nav class="main-nav"><ul>
    <li><a href="/world">World</a></li><li><a href="/business">Business</a></li>
    <li><a href="/tech">Technology</a></li><li><a href="/sport">Sport</a></li>
  </ul></nav>
</header>`;

const COOKIE_BANNER = `
<div id="cookie-consent" class="cookie-banner">
  <p>We use cookies to improve your experience and to show you personalised advertising. By continuing you agree to our cookie policy and our partners' use of your data.</p>
  <button>Accept all</button><button>Manage settings</button>
</div>`;

const SIDEBAR = `
<aside class="sidebar">
  <h3>Most read</h3>
  <ul>
    <li><a href="/a">Markets tumble as rates rise again</a></li>
    <li><a href="/b">The quiet revolution in battery chemistry</a></li>
    <li><a href="/c">Ten places to visit this summer</a></li>
  </ul>
  <div class="ad-slot advertisement">Advertisement — Buy the new phone now with zero percent financing</div>
</aside>`;

const SITE_FOOTER = `
<footer class="site-footer">
  <ul><li><a href="/about">About us</a></li><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of use</a></li></ul>
  <p>© 2024 Example News Ltd. All rights reserved.</p>
</footer>`;

/** A full page: header and navigation, cookie banner, the given main content, sidebar, footer. */
export function pageWithChrome(main: string, head = '<title>Story</title>'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>
${SITE_HEADER}
${COOKIE_BANNER}
<div class="layout">
  <main>${main}</main>
  ${SIDEBAR}
</div>
${SITE_FOOTER}
</body></html>`;
}

/** A `<head>` declaring a product page: its title, and schema.org Product JSON-LD naming the product. */
export function productHead(title: string, name = title): string {
  return `<title>${title}</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${name}"}</script>`;
}

/** Words that only ever appear in the furniture of `pageWithChrome`. */
export const FURNITURE_SNIPPETS = [
  'Business',
  'We use cookies',
  'Accept all',
  'Most read',
  'Markets tumble',
  'Advertisement',
  'Privacy policy',
  'All rights reserved',
];

/** A paragraph of ordinary prose, long enough to count as content. */
export function prose(topic: string, sentences = 3): string {
  const all = [
    `The story of ${topic} begins with a small team and a difficult question about how things really work.`,
    `Over several years, researchers studying ${topic} collected evidence from dozens of sites, comparing notes and methods.`,
    `Their conclusions about ${topic}, published this spring, surprised even the most sceptical reviewers in the field.`,
    `Critics of the work on ${topic} argue that the sample was small, but the authors answer that the effect is large.`,
  ];
  return all.slice(0, sentences).join(' ');
}

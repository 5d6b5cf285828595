import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

const articleHead = '<title>Tidal power</title><meta property="og:type" content="article">';
/** A bio of about 600 characters: longer than a byline, as bios with their links to other posts are. */
const BIO =
  'Dana Reyes is a senior energy reporter who has covered offshore wind, tidal barrages and grid storage for more than a decade, first at a regional daily and then as a freelance correspondent in Lisbon. She studied marine engineering before turning to journalism, and her reporting on the economics of small tidal turbines won a national science-writing prize. When she is not writing she sails along the Atlantic coast with her two children and a very patient dog. View all posts by Dana Reyes, or follow her newsletter for a weekly digest of energy stories from around the world.';

describe('extractPage on boxes about the author', () => {
  it("drops an author's bio named by its markup under an article, and one of a page of unknown kind", () => {
    const bio = `<div class="author-bio-box"><img src="/dana.jpg" alt="Dana Reyes"><p>${BIO}</p></div>`;
    const body = `<p>${prose('tidal power', 4)}</p><p>${prose('turbines', 4)}</p>`;
    for (const head of [articleHead, '<title>Tidal power</title>']) {
      const { text } = extractPage(pageWithChrome(`<article>${body}${bio}</article>`, head), { url: PAGE_URL });
      expect(text).toContain('The story of turbines begins');
      expect(text).not.toContain('senior energy reporter');
    }
  });

  it('drops a bio marked up as the author item, and a section titled "About the author" under an article', () => {
    const item = `<div itemprop="author" itemscope itemtype="https://schema.org/Person"><p>${BIO}</p></div>`;
    const titled = `<div class="box"><h2>About the author</h2><div class="card"><p>${BIO.replace('Dana', 'Alex')}</p></div></div>`;
    const html = pageWithChrome(`<article><p>${prose('tidal power', 4)}</p><p>${prose('turbines', 4)}</p>${item}${titled}</article>`, articleHead);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of tidal power begins');
    expect(text).not.toContain('senior energy reporter');
    expect(text).not.toContain('About the author');
  });

  it('keeps the posts of a listing that a blog classes by their author, and the bylines of its cards', () => {
    const post = (topic: string) =>
      `<div class="entry hentry author-dana-reyes"><h2><a href="/${topic.length}">${topic}</a></h2><p>${prose(topic, 2)}</p></div>`;
    const card = (topic: string) =>
      `<div class="card"><div class="card-body"><p>${prose(topic, 1)}</p><div class="card-authors">By Dana Reyes (Lisbon), Alex Kim (Porto) and Sam Lee (Faro)</div></div></div>`;
    const html = pageWithChrome(
      `<div class="posts">${post('tides')}${post('waves')}${post('currents')}</div><div class="cards">${card('estuaries')}${card('lagoons')}${card('deltas')}</div>`,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of currents begins');
    expect(text).toContain('Alex Kim (Porto)');
  });
});

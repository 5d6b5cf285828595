import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

describe('extractPage on teasers for other stories', () => {
  const articleHead = '<title>Story</title><meta property="og:type" content="article">';
  const teaser = (title: string, excerpt: string): string => `<li><a href="/s/${title.length}">${title}</a> <p>${excerpt}...</p></li>`;

  it('drops a ticker of excerpts cut off with an ellipsis above an article', () => {
    const ticker = `<ul class="ticker">${teaser('Rates rise again', 'The central bank raised its rate for the third time this year, saying that')}${teaser(
      'Floods in the north',
      'Rivers burst their banks overnight as the storm moved inland and',
    )}${teaser('A new bridge opens', 'After six years of work the crossing opened to traffic on Monday, with')}</ul>`;
    const html = pageWithChrome(`<h1>Deportees return home</h1>${ticker}<p>${prose('deportation', 4)}</p><p>${prose('visas', 4)}</p>`, articleHead);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of deportation begins');
    expect(text).not.toContain('Rivers burst their banks');
    expect(text).not.toContain('Rates rise again');
  });

  it('keeps the excerpts of an index declared as an article, where some fit whole', () => {
    const whole = (title: string, summary: string): string => `<li><a href="/s/${title.length}">${title}</a> <p>${summary}</p></li>`;
    const list = `<ul class="teasers">${teaser('Holiday travel breaks a record', 'More people than ever are expected on the roads and in the air this week, and')}${whole(
      'Rental company at the heart of a crime ring',
      'Authorities uncovered a ring that operated under the guise of a car rental company.',
    )}${whole('Thanksgiving travel', 'It is the busiest travel holiday of the year, and this year is no different.')}${teaser('Airport fire destroys rental cars', 'Several cars caught fire in a cleaning facility on Saturday, and police said')}${teaser(
      'Prices at the pump ease',
      'Drivers are paying less than a month ago as oil prices fall, although',
    )}</ul>`;
    const html = pageWithChrome(`<h1>Car rental</h1>${list}<p>${prose('car rentals', 4)}</p>`, articleHead);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('More people than ever are expected');
    expect(text).toContain('Drivers are paying less');
  });
});

describe("extractPage on an article's headline", () => {
  it('reports the headline as the title, not as the first line of the story, and keeps section headings', () => {
    const head =
      '<title>Hibernating astronauts | Example News</title><meta property="og:title" content="Hibernating astronauts"><meta property="og:type" content="article">';
    const html = pageWithChrome(
      `<article><h1>Hibernating astronauts</h1><p>${prose('hibernation', 4)}</p><h2>Smaller spacecraft</h2><p>${prose('payloads', 4)}</p></article>`,
      head,
    );
    const page = extractPage(html, { url: PAGE_URL });
    expect(page.title).toBe('Hibernating astronauts');
    expect(page.text).not.toContain('Hibernating astronauts');
    expect(page.text).toContain('Smaller spacecraft');
    expect(page.markdown.startsWith('The story of hibernation begins')).toBe(true);
  });

  it("keeps the headline in the story when the page's title does not carry it (a title of the site's name alone)", () => {
    const head = '<title>Example News</title><meta property="og:type" content="article">';
    const html = pageWithChrome(`<article><h1>Hibernating astronauts</h1><p>${prose('hibernation', 4)}</p></article>`, head);
    const page = extractPage(html, { url: PAGE_URL });
    expect(page.title).toBe('Example News');
    expect(page.markdown.startsWith('# Hibernating astronauts')).toBe(true);
  });

  it("drops a photo's caption written as a paragraph beside the image, and keeps paragraphs that run beside an image", () => {
    const head = '<title>Space walk</title><meta property="og:type" content="article">';
    const photo =
      '<div class="photo"><img src="/walk.jpg" alt=""><p>Astronauts take part in a space walk during construction of the station. (NASA via AP, File)</p></div>';
    const body = `<div class="body"><img src="/inline.jpg" alt=""><p>${prose('space walks', 4)}</p><p>${prose('tethers', 4)}</p></div>`;
    const { text } = extractPage(pageWithChrome(`<article>${photo}${body}</article>`, head), { url: PAGE_URL });
    expect(text).not.toContain('NASA via AP');
    expect(text).toContain('The story of space walks begins');
    expect(text).toContain('The story of tethers begins');
  });

  it('drops a caption of a few sentences named as such', () => {
    const head = '<title>Talks in Hanoi</title><meta property="og:type" content="article">';
    const caption =
      '<div class="image-caption">The defence secretary, left, and his counterpart shake hands in Hanoi on Wednesday. The secretary is on a visit to strengthen military relations with the country, the second such visit this year, and met students and officers at the diplomatic academy before flying on to Jakarta for talks. (Photo: Agency pool, File)</div>';
    const { text } = extractPage(pageWithChrome(`<article>${caption}<p>${prose('maritime claims', 4)}</p><p>${prose('coercion', 4)}</p></article>`, head), {
      url: PAGE_URL,
    });
    expect(text).not.toContain('shake hands in Hanoi');
    expect(text).toContain('The story of maritime claims begins');
  });
});

describe("extractPage on an article's figures", () => {
  const articleHead = '<title>Story</title><meta property="og:type" content="article">';

  it('keeps a figure’s caption as an italic line under its picture, without the credit inside it', () => {
    const figure =
      '<figure><img src="/heron.jpg" alt="A heron"><figcaption>A grey heron waits at the pond. <span class="credit">Photo: Jane Doe</span></figcaption></figure>';
    const html = pageWithChrome(`<p>${prose('herons', 4)}</p>${figure}<p>${prose('ponds', 4)}</p>`, articleHead);
    const { markdown, text } = extractPage(html, { url: PAGE_URL });
    expect(markdown).toContain('![A heron](https://news.example.com/heron.jpg)\n\n*A grey heron waits at the pond.*');
    expect(text).toContain('A grey heron waits at the pond.');
    expect(text).not.toContain('Jane Doe');
  });

  it('drops a caption that only credits the picture, and a caption-like box outside a figure', () => {
    const figure = '<figure><img src="/pond.jpg" alt=""><figcaption>Photo by Jane Doe / AP</figcaption></figure>';
    const html = pageWithChrome(
      `<p>${prose('herons', 4)}</p>${figure}<div class="caption">Small print beside the story</div><p>${prose('ponds', 4)}</p>`,
      articleHead,
    );
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).toContain('The story of ponds');
    expect(text).not.toContain('Jane Doe');
    expect(text).not.toContain('Small print beside the story');
  });
});

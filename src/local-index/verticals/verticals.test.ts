import { describe, expect, it } from 'vitest';
import { corpusPage } from '../../../tests/support/index-corpus.js';
import type { ItemVertical } from '../../search/verticals.js';
import { indexablePage } from '../documents.js';
import { readPage } from '../../scrape/extract/index.js';
import { internationalPhone } from './phone.js';
import { normalisePatentNumber } from './patents.js';
import { displayPrice } from './shopping.js';
import { watchUrlOf } from './videos.js';

function recordsOf(name: string, vertical: ItemVertical) {
  const page = corpusPage(name);
  return indexablePage(readPage(page.html, page.url)).records.filter((record) => record.vertical === vertical);
}

const itemsOf = (name: string, vertical: ItemVertical) => recordsOf(name, vertical).map((record) => record.item);

/** The items of one vertical read from a page made of `head` and `body`. */
function itemsOfHtml(vertical: ItemVertical, head: string, body = '<p>A page about one thing.</p>') {
  const html = `<!doctype html><html lang="en"><head><title>Test page</title>${head}</head><body>${body}</body></html>`;
  return indexablePage(readPage(html, 'https://site.example.com/page'))
    .records.filter((r) => r.vertical === vertical)
    .map((r) => r.item);
}

/** The category of the first place of a page (undefined when there is no place or no category). */
function firstCategory(items: ReturnType<typeof itemsOfHtml>): string | undefined {
  const item = items[0];
  return item !== undefined && 'category' in item ? item.category : undefined;
}

const jsonLdScript = (entity: object): string =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...entity })}</script>`;

describe('news from the page’s own structured data', () => {
  it('reads a NewsArticle: headline, publisher, snippet, image and publication date', () => {
    const [record] = recordsOf('solar-news', 'news');
    expect(record?.item).toEqual({
      title: 'Solar storm lights up northern skies',
      link: 'https://news.example.com/2025/06/solar-storm-lights-up-skies',
      snippet: 'A strong solar storm produced auroras visible far south of the usual range.',
      publisher: 'Example News',
      imageUrl: 'https://news.example.com/img/aurora.jpg',
    });
    expect(record?.publishedAt?.toISOString()).toBe('2025-06-15T10:00:00.000Z');
  });

  it('reads a BlogPosting and an og:type=article page, taking the publisher from the site name when no entity names one', () => {
    expect(itemsOf('blog-post', 'news')[0]).toMatchObject({ title: 'Watching the aurora from a garden in Scotland', publisher: 'Sky Notes' });
    expect(itemsOf('german-news', 'news')[0]).toMatchObject({
      title: 'Sonnensturm sorgt für Polarlichter über Deutschland',
      publisher: 'Beispiel Nachrichten',
    });
  });

  it('does not make news of pages that are not articles', () => {
    expect(itemsOf('install-guide', 'news')).toEqual([]);
    expect(itemsOf('product', 'news')).toEqual([]);
  });
});

describe('images', () => {
  it('gives real pixel sizes from og:image:* and from width/height attributes, and skips tracking pixels', () => {
    expect(itemsOf('solar-news', 'images')).toEqual([
      {
        title: 'Green aurora over a lake',
        imageUrl: 'https://news.example.com/img/aurora.jpg',
        imageWidth: 1200,
        imageHeight: 800,
        link: 'https://news.example.com/2025/06/solar-storm-lights-up-skies',
        source: 'Example News',
      },
      {
        title: 'Kp index chart of the storm',
        imageUrl: 'https://news.example.com/img/chart.png',
        imageWidth: 640,
        imageHeight: 360,
        link: 'https://news.example.com/2025/06/solar-storm-lights-up-skies',
        source: 'Example News',
      },
    ]);
  });

  it('leaves sizes out when the page does not state them', () => {
    const html =
      '<html><head><title>Gallery</title></head><body><article><p>Some words about the picture below, enough to be content.</p><img src="/a.jpg" alt="A lake"></article></body></html>';
    const records = indexablePage(readPage(html, 'https://gallery.example.com/lake')).records.filter((r) => r.vertical === 'images');
    expect(records.map((r) => r.item)).toEqual([
      { title: 'A lake', imageUrl: 'https://gallery.example.com/a.jpg', link: 'https://gallery.example.com/lake', source: 'gallery.example.com' },
    ]);
  });
});

describe('videos', () => {
  it('reads a VideoObject with its duration as H:MM:SS, channel, thumbnail and upload date', () => {
    const [record] = recordsOf('video-page', 'videos');
    expect(record?.item).toEqual({
      title: 'Aurora timelapse over Norway',
      link: 'https://video.example.com/watch/aurora-timelapse',
      snippet: 'Four hours of aurora compressed into one hour of timelapse.',
      duration: '1:02:03',
      channel: 'Nordic Skies',
      imageUrl: 'https://video.example.com/thumbs/aurora.jpg',
    });
    expect(record?.publishedAt?.toISOString()).toBe('2025-06-10T12:00:00.000Z');
  });

  it('finds YouTube and Vimeo embeds and <video> elements, one result per video', () => {
    const videos = itemsOf('embed-page', 'videos').map((item) => item as { link: string });
    const links = videos.map((item) => item.link);
    expect(links.sort()).toEqual(
      ['https://blog.example.org/posts/best-aurora-videos', 'https://vimeo.com/76979871', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'].sort(),
    );
    expect(videos.find((item) => item.link.endsWith('best-aurora-videos'))).toMatchObject({
      title: 'Aurora clip',
      imageUrl: 'https://blog.example.org/media/aurora-poster.jpg',
    });
  });

  it('shows og:video:duration in seconds as M:SS', () => {
    const html =
      '<html><head><title>Clip</title><meta property="og:type" content="video.other"><meta property="og:video" content="https://cdn.example.com/clip.mp4"><meta property="video:duration" content="95"></head><body><p>A short clip.</p></body></html>';
    const [item] = indexablePage(readPage(html, 'https://clips.example.com/1'))
      .records.filter((r) => r.vertical === 'videos')
      .map((r) => r.item);
    expect(item).toMatchObject({ title: 'Clip', link: 'https://clips.example.com/1', duration: '1:35' });
  });

  it('knows the watch pages of embeds', () => {
    expect(watchUrlOf('https://www.youtube-nocookie.com/embed/abcdefghijk?start=3')).toBe('https://www.youtube.com/watch?v=abcdefghijk');
    expect(watchUrlOf('https://youtu.be/abcdefghijk')).toBe('https://www.youtube.com/watch?v=abcdefghijk');
    expect(watchUrlOf('https://player.vimeo.com/video/123456')).toBe('https://vimeo.com/123456');
    expect(watchUrlOf('https://example.com/embed/abc')).toBeUndefined();
  });
});

describe('scholar', () => {
  it('reads Highwire citation_* tags: authors comma-separated, publication, year, citations, PDF', () => {
    expect(itemsOf('scholar-paper', 'scholar')).toEqual([
      {
        title: 'Geomagnetic storms and their impact on power grids',
        link: 'https://journals.example.edu/article/geomagnetic-storms-power-grids',
        snippet: 'We model induced currents in transmission lines during severe geomagnetic storms.',
        authors: 'Ada Okafor, Erik Lindqvist, Yuki Tanaka',
        publication: 'Journal of Space Weather',
        year: 2024,
        citations: 42,
        pdfUrl: 'https://journals.example.edu/article/geomagnetic-storms-power-grids.pdf',
      },
    ]);
  });

  it('reads Dublin Core, leaving citations out when the page does not state them', () => {
    const [item] = itemsOf('dc-paper', 'scholar');
    expect(item).toMatchObject({
      title: 'Spectral lines of the aurora borealis',
      authors: 'Claire Moreau, Ravi Singh',
      publication: 'Example University Press',
      year: 2022,
    });
    expect(item).not.toHaveProperty('citations');
  });
});

describe('patents', () => {
  it('reads the number, inventors, assignee, filing and grant dates from the meta tags', () => {
    expect(itemsOf('patent', 'patents')).toEqual([
      {
        title: 'Geomagnetic storm protection for transformers',
        link: 'https://patents.example.com/patent/US9876543B2',
        patentNumber: 'US9876543B2',
        snippet: 'A neutral blocking device protects power transformers from geomagnetically induced currents.',
        inventors: 'Maria Gonzalez, Wei Chen',
        assignee: 'Gridsafe Inc.',
        filingDate: '2016-03-14',
        grantDate: '2018-01-23',
      },
    ]);
  });

  it('takes the grant date from DC.date with scheme "issue" or "issued", in the same YYYY-MM-DD form', () => {
    for (const scheme of ['issue', 'issued']) {
      const head = `<meta name="citation_patent_number" content="US 7,654,321 B1"><meta name="DC.date" scheme="${scheme}" content="2010/02/02">`;
      expect(itemsOfHtml('patents', head)[0]).toMatchObject({ patentNumber: 'US7654321B1', grantDate: '2010-02-02' });
    }
  });

  it('takes the grant date from citation_patent_publication_date of a granted patent, never of an application', () => {
    const granted = `<meta name="citation_patent_number" content="US9876543B2"><meta name="citation_patent_publication_date" content="2018/01/23">`;
    expect(itemsOfHtml('patents', granted)[0]).toMatchObject({ grantDate: '2018-01-23' });
    const application = `<meta name="citation_patent_publication_number" content="US20190012345A1"><meta name="citation_patent_publication_date" content="2019/01/10">`;
    const [item] = itemsOfHtml('patents', application);
    expect(item).toMatchObject({ patentNumber: 'US20190012345A1' });
    expect(item).not.toHaveProperty('grantDate');
    // An explicit issue date wins over the publication date.
    const both = `${granted}<meta name="DC.date" scheme="issue" content="2018-01-30">`;
    expect(itemsOfHtml('patents', both)[0]).toMatchObject({ grantDate: '2018-01-30' });
  });

  it('normalises patent numbers', () => {
    expect(normalisePatentNumber('US:9876543:B2')).toBe('US9876543B2');
    expect(normalisePatentNumber('EP 1 234 567 A1')).toBe('EP1234567A1');
    expect(normalisePatentNumber('not a number')).toBeUndefined();
  });
});

describe('places', () => {
  it('reads a LocalBusiness: address, coordinates, rating out of 5, reviews, international phone, category', () => {
    expect(itemsOf('restaurant', 'places')).toEqual([
      {
        title: 'Trattoria Esempio',
        address: '1219 Lexington Ave, New York, NY 10028, US',
        latitude: 40.7771546,
        longitude: -73.9571363,
        rating: 4.6,
        reviews: 128,
        phone: '+1 212-555-0100',
        category: 'Italian restaurant',
        website: 'https://www.trattoria-example.com/',
      },
    ]);
  });

  it('scales a rating out of 10 to 5 and writes a national number with the country’s code', () => {
    expect(itemsOf('london-cafe', 'places')[0]).toMatchObject({
      rating: 4.5,
      reviews: 57,
      phone: '+44 20 7946 0958',
      category: 'Cafe or coffee shop',
      latitude: 51.5074,
      longitude: -0.1278,
    });
  });

  it('takes the category from additionalType: a schema.org type URL or a Product Types Ontology name, in JSON-LD', () => {
    const business = { '@type': 'LocalBusiness', name: 'Corner Shop', address: '1 Main St, Springfield' };
    const categoryOf = (entity: object) => firstCategory(itemsOfHtml('places', jsonLdScript(entity)));
    expect(categoryOf({ ...business, additionalType: 'https://schema.org/Bakery' })).toBe('Bakery');
    expect(categoryOf({ ...business, additionalType: 'http://www.productontology.org/id/Hardware_store' })).toBe('Hardware store');
    expect(categoryOf({ ...business, additionalType: ['https://www.wikidata.org/wiki/Q11707', 'https://en.wikipedia.org/wiki/Pub_(bar)'] })).toBe('Pub');
    expect(categoryOf({ ...business, additionalType: 'CoffeeShop' })).toBe('Coffee shop');
    expect(categoryOf(business)).toBeUndefined();
  });

  it('takes the category from additionalType in microdata', () => {
    const body = `<div itemscope itemtype="https://schema.org/LocalBusiness"><span itemprop="name">Bolt &amp; Nut</span>
      <link itemprop="additionalType" href="http://www.productontology.org/id/Hardware_store">
      <span itemprop="address">2 Mill Lane, Springfield</span></div>`;
    expect(itemsOfHtml('places', '', body)).toEqual([
      { title: 'Bolt & Nut', address: '2 Mill Lane, Springfield', category: 'Hardware store', website: 'https://site.example.com/page' },
    ]);
  });

  it('otherwise writes the most specific schema.org type in words, in JSON-LD and microdata', () => {
    const categoryOf = (entity: object) => firstCategory(itemsOfHtml('places', jsonLdScript({ name: 'Somewhere', ...entity })));
    expect(categoryOf({ '@type': 'HardwareStore' })).toBe('Hardware store');
    expect(categoryOf({ '@type': ['LocalBusiness', 'Organization', 'Locksmith'] })).toBe('Locksmith');
    // Every *Store and *Shop type is a place, listed or not.
    expect(categoryOf({ '@type': 'TireShop' })).toBe('Tire shop');
    expect(categoryOf({ '@type': 'LocalBusiness', additionalType: 'https://www.wikidata.org/wiki/Q11707' })).toBeUndefined();
    const body = `<div itemscope itemtype="https://schema.org/LocalBusiness https://schema.org/HardwareStore"><span itemprop="name">Bolt and Nut</span></div>`;
    expect(firstCategory(itemsOfHtml('places', '', body))).toBe('Hardware store');
  });

  it('formats phone numbers internationally or not at all', () => {
    expect(internationalPhone('+1 (415) 555 0199', undefined)).toBe('+1 415-555-0199');
    expect(internationalPhone('0049 30 1234567', undefined)).toBe('+49 30 1234567');
    expect(internationalPhone('030 1234567', 'de')).toBe('+49 30 1234567');
    expect(internationalPhone('555-0100', undefined)).toBeUndefined();
    expect(internationalPhone('call us!', 'us')).toBeUndefined();
  });
});

describe('shopping', () => {
  it('reads a Product: display price with its currency symbol, merchant, rating, reviews, image', () => {
    expect(itemsOf('product', 'shopping')).toEqual([
      {
        title: 'Aurora camera tripod',
        link: 'https://shop.example.com/products/aurora-camera-tripod',
        price: '$89.99',
        source: 'Gadget Store',
        rating: 4.4,
        reviews: 211,
        imageUrl: 'https://shop.example.com/img/tripod.jpg',
      },
    ]);
  });

  it('shows an AggregateOffer’s lowest price and falls back to the site as merchant', () => {
    expect(itemsOf('product-eur', 'shopping')[0]).toMatchObject({ title: 'Polarlicht Objektiv 14mm', price: '€499.00', source: 'laden.example.de' });
  });

  it('writes prices as shoppers read them', () => {
    expect(displayPrice(9.99, 'USD')).toBe('$9.99');
    expect(displayPrice(1200, 'JPY')).toBe('¥1,200');
    expect(displayPrice(5, 'GBP')).toBe('£5.00');
    expect(displayPrice(5, undefined)).toBe('5.00');
  });
});

describe('the web record and the page’s locale', () => {
  it('every page is a web result with its language and country', () => {
    const page = corpusPage('german-news');
    const indexed = indexablePage(readPage(page.html, page.url));
    expect(indexed.records[0]?.vertical).toBe('web');
    expect(indexed).toMatchObject({ lang: 'de', country: 'de', host: 'nachrichten.example.de' });
    const blog = corpusPage('blog-post');
    expect(indexablePage(readPage(blog.html, blog.url))).toMatchObject({ lang: 'en', country: 'gb' });
  });
});

/**
 * A fixture corpus for Quarry's own index: pages with each kind of structured data the verticals
 * read (articles, images, videos, papers, patents, places, products), in several languages, with
 * publication dates spread over two years before `CORPUS_NOW`, plus undated pages whose date is
 * the moment they were first seen. Built in memory; nothing is fetched.
 */

/** The instant the corpus is indexed at; its dates are relative to it. */
export const CORPUS_NOW = new Date(Date.UTC(2025, 5, 15, 12, 0, 0));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(CORPUS_NOW.getTime() - ms).toISOString();

export interface CorpusPage {
  /** A short name tests refer to. */
  readonly name: string;
  readonly url: string;
  readonly html: string;
}

/**
 * A builder of one-paragraph pages of the site at `origin`, named by their path, in `lang` unless a
 * page says otherwise (no `lang` attribute when neither does).
 */
export function simplePages(origin: string, lang?: string) {
  return (path: string, title: string, text: string, pageLang = lang): CorpusPage => ({
    name: path,
    url: `${origin}${path}`,
    html: `<!doctype html><html${pageLang === undefined ? '' : ` lang="${pageLang}"`}><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
  });
}

function page(options: { lang?: string; title: string; head?: string; body: string }): string {
  return `<!doctype html><html${options.lang ? ` lang="${options.lang}"` : ''}><head><meta charset="utf-8"><title>${options.title}</title>${options.head ?? ''}</head><body>${options.body}</body></html>`;
}

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const meta = (name: string, content: string, scheme?: string) => `<meta name="${name}" content="${content}"${scheme ? ` scheme="${scheme}"` : ''}>`;
const og = (property: string, content: string) => `<meta property="${property}" content="${content}">`;
const article = (paragraphs: string[]) => `<article>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article>`;

export const CORPUS: readonly CorpusPage[] = [
  {
    name: 'solar-news',
    url: 'https://news.example.com/2025/06/solar-storm-lights-up-skies',
    html: page({
      lang: 'en-US',
      title: 'Solar storm lights up northern skies',
      head:
        meta('description', 'A strong solar storm produced auroras visible far south of the usual range.') +
        og('og:type', 'article') +
        og('og:site_name', 'Example News') +
        og('og:image', 'https://news.example.com/img/aurora.jpg') +
        og('og:image:width', '1200') +
        og('og:image:height', '800') +
        og('og:image:alt', 'Green aurora over a lake') +
        jsonLd({
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: 'Solar storm lights up northern skies',
          datePublished: ago(2 * HOUR),
          publisher: { '@type': 'Organization', name: 'Example News' },
          description: 'A strong solar storm produced auroras visible far south of the usual range.',
        }),
      body: article([
        'A strong solar storm reached Earth on Sunday and painted the skies green and red.',
        'Forecasters said the geomagnetic storm was the strongest in two decades.',
        'Power grids and satellites were watched closely while the storm lasted.',
        '<img src="/img/chart.png" width="640" height="360" alt="Kp index chart of the storm"> <img src="/img/pixel.gif" width="1" height="1" alt="">',
      ]),
    }),
  },
  {
    name: 'blog-post',
    url: 'https://blog.example.org/posts/watching-the-aurora',
    html: page({
      lang: 'en-GB',
      title: 'Watching the aurora from a garden in Scotland',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'Watching the aurora from a garden in Scotland',
        datePublished: ago(3 * DAY),
        author: { '@type': 'Person', name: 'Iona Reid' },
        publisher: { '@type': 'Organization', name: 'Sky Notes' },
      }),
      body: article([
        'Last night the storm solar activity forecast came true and the aurora danced over the garden.',
        'A phone camera on a tripod is enough to capture the colours.',
      ]),
    }),
  },
  {
    name: 'german-news',
    url: 'https://nachrichten.example.de/wissen/sonnensturm-polarlichter',
    html: page({
      lang: 'de-DE',
      title: 'Sonnensturm sorgt für Polarlichter über Deutschland',
      head: og('og:type', 'article') + og('og:site_name', 'Beispiel Nachrichten') + og('article:published_time', ago(10 * DAY)),
      body: article([
        'Ein starker Sonnensturm hat in der Nacht Polarlichter bis nach Bayern gebracht.',
        'Fachleute erwarten weitere Polarlichter in den kommenden Tagen.',
      ]),
    }),
  },
  {
    name: 'french-article',
    url: 'https://journal.example.fr/science/tempete-solaire',
    html: page({
      lang: 'fr',
      title: 'Tempête solaire : des aurores boréales visibles en France',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Tempête solaire : des aurores boréales visibles en France',
        datePublished: ago(60 * DAY),
        publisher: { '@type': 'Organization', name: 'Le Journal Exemple' },
      }),
      body: article([
        'Une tempête solaire a rendu les aurores boréales visibles jusque dans le sud de la France.',
        'Les photographes amateurs ont partagé des milliers d’images.',
      ]),
    }),
  },
  {
    name: 'spanish-page',
    url: 'https://www.example.es/astronomia/guia-auroras',
    html: page({
      lang: 'es',
      title: 'Guía para ver auroras boreales',
      head: meta('date', ago(240 * DAY)),
      body: article(['Las auroras boreales se ven mejor lejos de la contaminación lumínica.', 'Consulte el pronóstico de la tormenta solar antes de salir.']),
    }),
  },
  {
    name: 'japanese-page',
    url: 'https://www.example.jp/tenki/aurora',
    html: page({
      lang: 'ja',
      title: 'オーロラ 観測 ガイド',
      head: meta('date', ago(20 * DAY)),
      body: article(['オーロラ は 北海道 でも 観測 されました。', '太陽 嵐 の 影響 です。']),
    }),
  },
  {
    name: 'old-report',
    url: 'https://archive.example.net/reports/2023/solar-cycle-report',
    html: page({
      lang: 'en',
      title: 'Solar cycle 25 progress report',
      head: meta('date', ago(700 * DAY)),
      body: article(['The solar cycle report summarises sunspot counts and storm frequency.', 'Activity rose faster than predicted.']),
    }),
  },
  {
    name: 'install-guide',
    url: 'https://docs.example.com/guide/how-to-install-telescope',
    html: page({
      lang: 'en',
      title: 'How to install a telescope mount',
      body: article([
        'Install the mount on a level tripod before attaching the telescope.',
        'Balance the telescope so the mount does not strain during a storm of wind.',
      ]),
    }),
  },
  {
    name: 'pdf-manual',
    url: 'https://docs.example.com/files/telescope-manual.pdf',
    html: page({
      lang: 'en',
      title: 'Telescope manual',
      body: article(['This manual explains the telescope parts, collimation and care.', 'Keep the telescope dry after a night of observing.']),
    }),
  },
  {
    name: 'video-page',
    url: 'https://video.example.com/watch/aurora-timelapse',
    html: page({
      lang: 'en',
      title: 'Aurora timelapse over Norway',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: 'Aurora timelapse over Norway',
        description: 'Four hours of aurora compressed into one hour of timelapse.',
        duration: 'PT1H2M3S',
        uploadDate: ago(5 * DAY),
        thumbnailUrl: 'https://video.example.com/thumbs/aurora.jpg',
        author: { '@type': 'Person', name: 'Nordic Skies' },
      }),
      body: article(['A timelapse of the aurora filmed from the Lofoten islands during the solar storm.']),
    }),
  },
  {
    name: 'embed-page',
    url: 'https://blog.example.org/posts/best-aurora-videos',
    html: page({
      lang: 'en',
      title: 'The best aurora videos of the year',
      head: meta('date', ago(40 * DAY)),
      body:
        article(['Our favourite aurora recordings, from timelapses to real-time footage.']) +
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Aurora live"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' +
        '<video src="/media/aurora-clip.mp4" poster="/media/aurora-poster.jpg" title="Aurora clip"></video>',
    }),
  },
  {
    name: 'scholar-paper',
    url: 'https://journals.example.edu/article/geomagnetic-storms-power-grids',
    html: page({
      lang: 'en',
      title: 'Geomagnetic storms and power grids | Journal of Space Weather',
      head:
        meta('citation_title', 'Geomagnetic storms and their impact on power grids') +
        meta('citation_author', 'Okafor, Ada') +
        meta('citation_author', 'Lindqvist, Erik') +
        meta('citation_author', 'Tanaka, Yuki') +
        meta('citation_journal_title', 'Journal of Space Weather') +
        meta('citation_publication_date', '2024/11/03') +
        meta('citation_pdf_url', 'https://journals.example.edu/article/geomagnetic-storms-power-grids.pdf') +
        meta('citation_cited_by_count', '42') +
        meta('citation_abstract', 'We model induced currents in transmission lines during severe geomagnetic storms.'),
      body: article(['We model induced currents in transmission lines during severe geomagnetic storms.', 'Transformers near coasts are most exposed.']),
    }),
  },
  {
    name: 'dc-paper',
    url: 'https://repository.example.edu/items/aurora-spectra',
    html: page({
      lang: 'en',
      title: 'Aurora spectra',
      head:
        meta('DC.title', 'Spectral lines of the aurora borealis') +
        meta('DC.creator', 'Moreau, Claire') +
        meta('DC.creator', 'Singh, Ravi') +
        meta('DC.publisher', 'Example University Press') +
        meta('DC.date', '2022-03-01'),
      body: article(['Oxygen emission at 557.7 nm dominates the green aurora.']),
    }),
  },
  {
    name: 'patent',
    url: 'https://patents.example.com/patent/US9876543B2',
    html: page({
      lang: 'en',
      title: 'US9876543B2 - Geomagnetic storm protection for transformers',
      head:
        meta('citation_patent_number', 'US:9876543:B2') +
        meta('DC.title', 'Geomagnetic storm protection for transformers') +
        meta('DC.description', 'A neutral blocking device protects power transformers from geomagnetically induced currents.') +
        meta('DC.contributor', 'Maria Gonzalez', 'inventor') +
        meta('DC.contributor', 'Wei Chen', 'inventor') +
        meta('DC.contributor', 'Gridsafe Inc.', 'assignee') +
        meta('DC.date', '2016-03-14', 'dateSubmitted') +
        meta('DC.date', '2018-01-23', 'issued'),
      body: article(['A neutral blocking device protects power transformers from geomagnetically induced currents during a solar storm.']),
    }),
  },
  {
    name: 'restaurant',
    url: 'https://www.trattoria-example.com/',
    html: page({
      lang: 'en-US',
      title: 'Trattoria Esempio — Italian restaurant in Manhattan',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Restaurant',
        name: 'Trattoria Esempio',
        servesCuisine: 'Italian',
        telephone: '(212) 555-0100',
        url: 'https://www.trattoria-example.com/',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1219 Lexington Ave',
          addressLocality: 'New York',
          addressRegion: 'NY',
          postalCode: '10028',
          addressCountry: 'US',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 40.7771546, longitude: -73.9571363 },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.6', reviewCount: '128' },
      }),
      body: article(['Handmade pasta and wood-fired pizza on the Upper East Side.']),
    }),
  },
  {
    name: 'london-cafe',
    url: 'https://cafe.example.co.uk/',
    html: page({
      lang: 'en-GB',
      title: 'Aurora Café, London',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'CafeOrCoffeeShop',
        name: 'Aurora Café',
        telephone: '020 7946 0958',
        address: { '@type': 'PostalAddress', streetAddress: '12 Example Street', addressLocality: 'London', postalCode: 'W1 1AA', addressCountry: 'GB' },
        geo: { '@type': 'GeoCoordinates', latitude: '51.5074', longitude: '-0.1278' },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 9, bestRating: 10, ratingCount: 57 },
      }),
      body: article(['Coffee and cake near the park.']),
    }),
  },
  {
    name: 'product',
    url: 'https://shop.example.com/products/aurora-camera-tripod',
    html: page({
      lang: 'en-US',
      title: 'Aurora camera tripod | Gadget Store',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Aurora camera tripod',
        image: 'https://shop.example.com/img/tripod.jpg',
        description: 'A carbon tripod for night-sky photography.',
        brand: { '@type': 'Brand', name: 'Stellar' },
        offers: { '@type': 'Offer', price: '89.99', priceCurrency: 'USD', seller: { '@type': 'Organization', name: 'Gadget Store' } },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.4', reviewCount: '211' },
      }),
      body: article(['A carbon tripod for night-sky photography, light enough for hiking to aurora spots.']),
    }),
  },
  {
    name: 'product-eur',
    url: 'https://laden.example.de/produkte/polarlicht-objektiv',
    html: page({
      lang: 'de',
      title: 'Polarlicht Objektiv 14mm',
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Polarlicht Objektiv 14mm',
        offers: { '@type': 'AggregateOffer', lowPrice: 499, priceCurrency: 'EUR' },
      }),
      body: article(['Ein lichtstarkes Weitwinkelobjektiv für Polarlichter.']),
    }),
  },
  ...(['us', 'gb', 'es'] as const).map((variant): CorpusPage => ({
    name: `tips-${variant}`,
    url: {
      us: 'https://photo.example.com/tips/northern-lights',
      gb: 'https://photo.example.co.uk/tips/northern-lights',
      es: 'https://foto.example.es/consejos/northern-lights',
    }[variant],
    html: page({
      lang: { us: 'en-US', gb: 'en-GB', es: 'es' }[variant],
      title: 'Northern lights photography tips',
      body: article(['Northern lights photography needs a tripod, a wide lens and patience.', 'Shoot at ISO 1600 for ten seconds.']),
    }),
  })),
  {
    name: 'noindex',
    url: 'https://private.example.com/drafts/solar',
    html: page({ title: 'Draft about solar storms', head: meta('robots', 'noindex'), body: article(['A solar storm draft that must never be indexed.']) }),
  },
];

export function corpusPage(name: string): CorpusPage {
  const found = CORPUS.find((entry) => entry.name === name);
  if (!found) throw new Error(`no corpus page named ${name}`);
  return found;
}

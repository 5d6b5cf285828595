/**
 * A loopback site for the drop-in surfaces' bound tests (tests/security/surface-bounds.test.ts):
 *
 *   /sentences/:n?count=C  one article of C short sentences (default 26 000, about 450 KB), the
 *                          page that made Exa's highlights build gigabytes; `n` only makes each
 *                          URL distinct, so no cache or coalescing joins two requests
 *   /river/:n              a small ordinary article about rivers, safe to search for and scrape
 */
import { startHtmlSite, type HtmlSite } from './html-site.js';

export const DEFAULT_SENTENCES = 26_000;
const PER_PARAGRAPH = 100;

/** `count` sentences of about 17 characters, a hundred to a paragraph. */
export function sentencesText(count: number): string[] {
  const paragraphs: string[] = [];
  for (let start = 0; start < count; start += PER_PARAGRAPH) {
    const sentences = [];
    for (let i = start; i < Math.min(count, start + PER_PARAGRAPH); i++) sentences.push(`River ${i} runs.`);
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs;
}

function sentencesPage(n: number, count: number): string {
  const body = sentencesText(count)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  return `<!doctype html><html><head><title>Sentences ${n}</title></head><body><article><h1>Sentences ${n}</h1>${body}</article></body></html>`;
}

function riverPage(n: number): string {
  return [
    `<!doctype html><html><head><title>River article ${n}</title></head><body><main><h1>River article ${n}</h1>`,
    `<p>The river delta ${n} carries silt to the sea. Boats travel the river every morning, and the river banks flood each spring.</p>`,
    '<p>Fishermen along the river know its currents well, and the river has shaped the towns that grew beside it.</p>',
    '</main></body></html>',
  ].join('');
}

export type SentenceSite = HtmlSite;

export function startSentenceSite(): Promise<SentenceSite> {
  return startHtmlSite((url) => {
    const sentences = /^\/sentences\/(\d+)$/.exec(url.pathname);
    if (sentences) return sentencesPage(Number(sentences[1]), Number(url.searchParams.get('count') ?? DEFAULT_SENTENCES));
    const river = /^\/river\/(\d+)$/.exec(url.pathname);
    if (river) return riverPage(Number(river[1]));
    return undefined;
  });
}

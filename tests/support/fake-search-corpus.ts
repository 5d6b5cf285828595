/**
 * Programmed results for the loopback search upstreams (see fake-search-upstreams.ts): a test gives
 * SearXNG, Brave or Serper a small corpus of documents, and that upstream answers from it in its own
 * wire format, like a plain full-text engine: every positive word of the query must occur in the
 * title, description or URL; phrases, exclusions and operators are ignored (so the router's
 * post-filtering is what removes what they exclude); time ranges are ignored too. Paging follows
 * each upstream's parameters over the matching documents.
 */
import { parseQuery } from '../../src/search/query.js';
import { foldedWords } from '../../src/search/query-match.js';

export type ProgrammableUpstream = 'searxng' | 'brave' | 'serper';
export type ProgrammableVertical = 'web' | 'news' | 'images' | 'places';

/** One document as the upstream holds it; each upstream renders the fields its format has. */
export interface FakeDocument {
  readonly title: string;
  readonly url: string;
  readonly description?: string;
  readonly publishedAt?: Date;
  /** A relative date as Google shows it ("this morning"); Serper sends it as `date`. */
  readonly date?: string;
  readonly imageUrl?: string;
  readonly address?: string;
}

export interface FakeCorpus {
  readonly documents: Partial<Record<ProgrammableVertical, readonly FakeDocument[]>>;
  readonly suggestions?: readonly string[];
}

export interface ProgrammedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: string;
}

/** The JSON an upstream answers from its corpus, or undefined for requests it leaves to the generic fake. */
export function programmedAnswer(upstream: ProgrammableUpstream, corpus: FakeCorpus, request: ProgrammedRequest): unknown {
  switch (upstream) {
    case 'searxng':
      return searxngAnswer(corpus, request);
    case 'brave':
      return braveAnswer(corpus, request);
    case 'serper':
      return serperAnswer(corpus, request);
  }
}

function matching(documents: readonly FakeDocument[] | undefined, q: string): FakeDocument[] {
  if (/\bnothing\b/i.test(q)) return [];
  const wanted = parseQuery(q).clauses.flatMap((clause) => (clause.kind === 'term' && !clause.negated ? foldedWords(clause.value) : []));
  return (documents ?? []).filter((document) => {
    const words = new Set(foldedWords(`${document.title} ${document.description ?? ''} ${document.url}`));
    return wanted.every((word) => words.has(word));
  });
}

const SEARXNG_CATEGORIES: Readonly<Record<string, ProgrammableVertical>> = { general: 'web', news: 'news', images: 'images', map: 'places' };

function searxngAnswer(corpus: FakeCorpus, { path, query }: ProgrammedRequest): unknown {
  const q = query.get('q') ?? '';
  if (path === '/autocompleter') return (corpus.suggestions ?? []).filter((s) => s.toLowerCase().startsWith(q.trim().toLowerCase()));
  const vertical = SEARXNG_CATEGORIES[query.get('categories') ?? 'general'];
  if (vertical === undefined) return undefined;
  const pageno = Number(query.get('pageno') ?? '1');
  const results = matching(corpus.documents[vertical], q)
    .slice((pageno - 1) * 10, pageno * 10)
    .map((document) => ({
      url: document.url,
      title: document.title,
      ...(document.description === undefined ? {} : { content: document.description }),
      engine: 'google',
      engines: ['google'],
      ...(document.publishedAt === undefined ? {} : { publishedDate: document.publishedAt.toISOString() }),
      ...(document.imageUrl === undefined ? {} : { img_src: document.imageUrl }),
      ...(document.address === undefined ? {} : { address: { road: document.address } }),
    }));
  return { query: q, results, answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] };
}

function braveAnswer(corpus: FakeCorpus, { path, query }: ProgrammedRequest): unknown {
  const vertical = /^\/res\/v1\/(web|news|images)\/search$/.exec(path)?.[1] as ProgrammableVertical | undefined;
  if (vertical === undefined) return undefined;
  const count = Number(query.get('count') ?? '20');
  const start = vertical === 'images' ? 0 : Number(query.get('offset') ?? '0') * count;
  const results = matching(corpus.documents[vertical], query.get('q') ?? '')
    .slice(start, start + count)
    .map((document) => ({
      title: document.title,
      url: document.url,
      ...(document.description === undefined ? {} : { description: document.description }),
      ...(document.publishedAt === undefined ? {} : { page_age: document.publishedAt.toISOString().slice(0, 19) }),
      ...(document.imageUrl === undefined ? {} : { properties: { url: document.imageUrl } }),
    }));
  if (vertical === 'web') return { type: 'search', query: { original: query.get('q') }, ...(results.length > 0 ? { web: { type: 'search', results } } : {}) };
  return { type: vertical, query: { original: query.get('q') }, results };
}

const SERPER_TYPES: Readonly<Record<string, readonly [ProgrammableVertical, string]>> = {
  '/search': ['web', 'organic'],
  '/news': ['news', 'news'],
  '/images': ['images', 'images'],
  '/places': ['places', 'places'],
};

function serperAnswer(corpus: FakeCorpus, { path, body }: ProgrammedRequest): unknown {
  const params = JSON.parse(body) as { q?: string; num?: number; page?: number };
  const q = params.q ?? '';
  if (path === '/autocomplete') {
    return { searchParameters: params, suggestions: (corpus.suggestions ?? []).map((value) => ({ value })), credits: 1 };
  }
  const type = SERPER_TYPES[path];
  if (type === undefined) return undefined;
  const num = params.num ?? 10;
  const start = ((params.page ?? 1) - 1) * num;
  const items = matching(corpus.documents[type[0]], q)
    .slice(start, start + num)
    .map((document, i) => ({
      title: document.title,
      link: document.url,
      ...(document.description === undefined ? {} : { snippet: document.description }),
      ...(document.date === undefined ? {} : { date: document.date }),
      ...(document.imageUrl === undefined ? {} : { imageUrl: document.imageUrl }),
      ...(document.address === undefined ? {} : { address: document.address }),
      position: start + i + 1,
    }));
  return { searchParameters: params, ...(items.length > 0 ? { [type[1]]: items } : {}), credits: 1 };
}

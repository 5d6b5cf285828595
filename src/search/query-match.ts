import { isNativelySupported, type ParsedQuery, type QueryClause, type QueryFeature, type SimpleClause } from './query-clauses.js';

/** What the post-filter can see of a result: a title, its URL and the snippet text. */
export interface MatchableDocument {
  readonly title: string;
  readonly url: string;
  readonly text: string;
}

export interface MatchOptions {
  /**
   * Features the answering engine already applied; clauses built only from these are not checked
   * again (a snippet is a poor stand-in for the page the engine matched). Default: none, so every
   * checkable clause is checked.
   */
  readonly nativeFeatures?: ReadonlySet<QueryFeature>;
}

/** Lower-cased words of letters and digits, with accents removed, so "Café-Crème" gives ["cafe", "creme"]. */
export function foldedWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return true;
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let offset = 0; offset < needle.length; offset++) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return true;
  }
  return false;
}

function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed escape is still matchable as the raw characters.
    return text;
  }
}

/** The document, split lazily (and at most once) into the views the clauses look at. */
class DocumentView {
  #titleWords: string[] | undefined;
  #textWords: string[] | undefined;
  #urlWords: string[] | undefined;
  #url: URL | null | undefined;
  private readonly doc: MatchableDocument;

  constructor(doc: MatchableDocument) {
    this.doc = doc;
  }

  get titleWords(): string[] {
    return (this.#titleWords ??= foldedWords(this.doc.title));
  }

  get textWords(): string[] {
    return (this.#textWords ??= foldedWords(this.doc.text));
  }

  get urlWords(): string[] {
    return (this.#urlWords ??= foldedWords(decodeLoosely(this.doc.url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))));
  }

  get url(): URL | undefined {
    if (this.#url === undefined) this.#url = URL.canParse(this.doc.url) ? new URL(this.doc.url) : null;
    return this.#url ?? undefined;
  }

  /** A word or phrase occurs when its words appear consecutively in the title, the text or the URL. */
  occurs(value: string): boolean {
    const needle = foldedWords(value);
    return containsSequence(this.titleWords, needle) || containsSequence(this.textWords, needle) || containsSequence(this.urlWords, needle);
  }

  onSite(site: string): boolean {
    if (this.url === undefined) return false;
    const slash = site.indexOf('/');
    const domain = (slash < 0 ? site : site.slice(0, slash)).replace(/:\d+$/, '');
    const pathPrefix = slash < 0 ? '' : site.slice(slash);
    const host = this.url.hostname.toLowerCase().replace(/\.$/, '');
    const hostMatches = host === domain || host.endsWith(`.${domain}`);
    return hostMatches && decodeLoosely(this.url.pathname).toLowerCase().startsWith(pathPrefix);
  }

  hasFiletype(extension: string): boolean {
    if (this.url === undefined) return false;
    return decodeLoosely(this.url.pathname).toLowerCase().endsWith(`.${extension}`);
  }

  inUrl(value: string): boolean {
    // Substring, not whole words: URL words are often run together ("how-to" vs "howto-guide").
    return ` ${this.urlWords.join(' ')} `.includes(foldedWords(value).join(' '));
  }

  inTitle(value: string): boolean {
    return containsSequence(this.titleWords, foldedWords(value));
  }
}

function holdsPositively(clause: SimpleClause, view: DocumentView): boolean {
  switch (clause.kind) {
    case 'term':
    case 'phrase':
      return view.occurs(clause.value);
    case 'operator':
      switch (clause.operator) {
        case 'site':
          return view.onSite(clause.value);
        case 'filetype':
          return view.hasFiletype(clause.value);
        case 'inurl':
          return view.inUrl(clause.value);
        case 'intitle':
          return view.inTitle(clause.value);
      }
  }
}

function holds(clause: QueryClause, view: DocumentView): boolean {
  if (clause.kind === 'anyOf') return clause.options.some((option) => holdsPositively(option, view));
  // Positive plain terms are the engine's business (stemming, synonyms, autocorrect): never checked.
  if (clause.kind === 'term' && !clause.negated) return true;
  const positive = holdsPositively(clause, view);
  return clause.negated ? !positive : positive;
}

/**
 * Whether a result satisfies the query, judged only from its title, URL and snippet text.
 *
 * Semantics (all comparisons ignore case and accents; "words" are runs of letters and digits):
 * - positive plain term: not checked (engines match terms loosely);
 * - `"phrase"`: its words appear consecutively in the title, the text or the URL;
 * - `-word`, `-"phrase"`: the same test must fail;
 * - `site:d` / `site:d/path`: the URL host is `d` or ends with `.d` (and the path starts with `/path`);
 * - `filetype:x`: the URL path ends with `.x`;
 * - `inurl:x`: the words of `x`, joined by spaces, are a substring of the URL's words (scheme excluded);
 * - `intitle:x`: the words of `x` appear consecutively in the title;
 * - negated operators: the positive test must fail;
 * - `a OR b`: at least one option holds, plain terms included (the only place terms are checked).
 * A URL that cannot be parsed fails every positive `site:`/`filetype:` clause.
 */
export function matchesQuery(parsed: ParsedQuery, doc: MatchableDocument, options: MatchOptions = {}): boolean {
  const native = options.nativeFeatures ?? new Set<QueryFeature>();
  const toCheck = parsed.clauses.filter((clause) => !isNativelySupported(clause, native));
  if (toCheck.length === 0) return true;
  const view = new DocumentView(doc);
  return toCheck.every((clause) => holds(clause, view));
}

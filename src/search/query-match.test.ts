import { describe, it, expect } from 'vitest';
import { matchesQuery, parseQuery, type MatchableDocument } from './query.js';

const doc = (overrides: Partial<MatchableDocument> = {}): MatchableDocument => ({
  title: 'Error Handling in Rust — The Book',
  url: 'https://doc.rust-lang.org/book/ch09-00-error-handling.html',
  text: 'Rust groups errors into two major categories: recoverable and unrecoverable errors. Café crème.',
  ...overrides,
});

const matches = (q: string, d: MatchableDocument = doc()): boolean => matchesQuery(parseQuery(q), d);

describe('matchesQuery', () => {
  it('never checks positive plain terms, which engines match loosely', () => {
    expect(matches('python django')).toBe(true);
  });

  describe('phrases', () => {
    it('hold when their words appear consecutively in title, text or URL, ignoring case, punctuation and accents', () => {
      expect(matches('"two major categories"')).toBe(true);
      expect(matches('"error handling in rust"')).toBe(true);
      expect(matches('"ch09 00 error"')).toBe(true);
      expect(matches('"cafe creme"')).toBe(true);
    });

    it('fail when the words are present but not adjacent or only partly present', () => {
      expect(matches('"major two categories"')).toBe(false);
      expect(matches('"recoverable error"')).toBe(false);
    });
  });

  describe('exclusions', () => {
    it('reject a document containing the excluded word or phrase', () => {
      expect(matches('-unrecoverable')).toBe(false);
      expect(matches('-"the book"')).toBe(false);
      expect(matches('-rust-lang')).toBe(false);
    });

    it('keep a document where the excluded word is only a part of another word', () => {
      expect(matches('-recover')).toBe(true);
      expect(matches('-python')).toBe(true);
    });
  });

  describe('site:', () => {
    it('matches the domain itself and every subdomain', () => {
      expect(matches('site:rust-lang.org')).toBe(true);
      expect(matches('site:doc.rust-lang.org')).toBe(true);
      expect(matches('site:org')).toBe(true);
    });

    it('does not match a different domain that merely ends with the same letters', () => {
      expect(matches('site:lang.org')).toBe(false);
      expect(matches('site:www.rust-lang.org')).toBe(false);
    });

    it('honours a path prefix', () => {
      expect(matches('site:doc.rust-lang.org/book')).toBe(true);
      expect(matches('site:doc.rust-lang.org/std')).toBe(false);
    });

    it('can be negated', () => {
      expect(matches('-site:rust-lang.org')).toBe(false);
      expect(matches('-site:python.org')).toBe(true);
    });

    it('fails for an unparseable URL, and a negated site: then holds', () => {
      expect(matches('site:a.com', doc({ url: 'not a url' }))).toBe(false);
      expect(matches('-site:a.com', doc({ url: 'not a url' }))).toBe(true);
    });
  });

  describe('filetype:', () => {
    it('matches the extension of the URL path, not of the query string', () => {
      expect(matches('filetype:html')).toBe(true);
      expect(matches('filetype:pdf')).toBe(false);
      expect(matches('filetype:pdf', doc({ url: 'https://a.com/report.PDF?download=1' }))).toBe(true);
      expect(matches('filetype:pdf', doc({ url: 'https://a.com/view?file=report.pdf' }))).toBe(false);
    });

    it('can be negated', () => {
      expect(matches('-filetype:html')).toBe(false);
      expect(matches('-filetype:pdf')).toBe(true);
    });
  });

  describe('inurl:', () => {
    it('looks for the value inside the URL words, including run-together words', () => {
      expect(matches('inurl:book')).toBe(true);
      expect(matches('inurl:handling')).toBe(true);
      expect(matches('inurl:"error handling"')).toBe(true);
      expect(matches('inurl:handl')).toBe(true);
      expect(matches('inurl:python')).toBe(false);
    });

    it('ignores the scheme', () => {
      expect(matches('inurl:https')).toBe(false);
    });

    it('can be negated, alone or through allinurl:', () => {
      expect(matches('-inurl:book')).toBe(false);
      expect(matches('allinurl: book python')).toBe(false);
      expect(matches('allinurl: book error')).toBe(true);
    });
  });

  describe('intitle:', () => {
    it('needs the whole words in the title, not in the text', () => {
      expect(matches('intitle:rust')).toBe(true);
      expect(matches('intitle:"error handling"')).toBe(true);
      expect(matches('intitle:categories')).toBe(false);
      expect(matches('intitle:handl')).toBe(false);
    });

    it('applies allintitle: to every later word, and can be negated', () => {
      expect(matches('allintitle: rust book')).toBe(true);
      expect(matches('allintitle: rust python')).toBe(false);
      expect(matches('-intitle:rust')).toBe(false);
    });
  });

  describe('OR groups', () => {
    it('hold when one option holds, plain words included', () => {
      expect(matches('python OR unrecoverable')).toBe(true);
      expect(matches('python OR django')).toBe(false);
      expect(matches('site:python.org OR site:rust-lang.org')).toBe(true);
    });
  });

  it('combines clauses with AND', () => {
    expect(matches('"error handling" site:rust-lang.org -python filetype:html')).toBe(true);
    expect(matches('"error handling" site:rust-lang.org -unrecoverable')).toBe(false);
  });

  it('skips clauses the engine applied natively', () => {
    const parsed = parseQuery('"not in snippet" site:rust-lang.org');
    expect(matchesQuery(parsed, doc())).toBe(false);
    expect(matchesQuery(parsed, doc(), { nativeFeatures: new Set(['phrase']) })).toBe(true);
    // A negated phrase needs both features before the engine is trusted with it.
    expect(matchesQuery(parseQuery('-"the book"'), doc(), { nativeFeatures: new Set(['exclude']) })).toBe(false);
  });
});

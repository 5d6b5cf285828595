import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { featuresUsed, formatQuery, parseQuery, queryKeywords, type QueryClause } from './query.js';

const term = (value: string, negated = false): QueryClause => ({ kind: 'term', value, negated });
const phrase = (value: string, negated = false): QueryClause => ({ kind: 'phrase', value, negated });
const op = (operator: 'site' | 'filetype' | 'inurl' | 'intitle', value: string, negated = false): QueryClause => ({
  kind: 'operator',
  operator,
  value,
  negated,
});

describe('parseQuery', () => {
  it('splits plain words into terms, keeping their case', () => {
    expect(parseQuery('  Rust   async\tIO ').clauses).toEqual([term('Rust'), term('async'), term('IO')]);
  });

  it('reads double-quoted phrases with whitespace collapsed', () => {
    expect(parseQuery('say "hello   big\nworld" now').clauses).toEqual([term('say'), phrase('hello big world'), term('now')]);
  });

  it('runs an unbalanced quote to the end of the query', () => {
    expect(parseQuery('a "b c').clauses).toEqual([term('a'), phrase('b c')]);
  });

  it('drops empty phrases', () => {
    expect(parseQuery('a "" "   " b').clauses).toEqual([term('a'), term('b')]);
  });

  it('negates words, phrases and operators with a leading minus', () => {
    expect(parseQuery('-spam -"buy now" -site:ads.com -filetype:exe -inurl:tag -intitle:sale').clauses).toEqual([
      term('spam', true),
      phrase('buy now', true),
      op('site', 'ads.com', true),
      op('filetype', 'exe', true),
      op('inurl', 'tag', true),
      op('intitle', 'sale', true),
    ]);
  });

  it('ignores a lone minus and keeps inner hyphens', () => {
    expect(parseQuery('- well-known -').clauses).toEqual([term('well-known')]);
  });

  it('normalises site: to a lower-case domain without scheme, wildcard or trailing slash', () => {
    expect(parseQuery('site:HTTPS://Docs.Example.COM/ site:*.gov site:.edu site:a.com/blog/').clauses).toEqual([
      op('site', 'docs.example.com'),
      op('site', 'gov'),
      op('site', 'edu'),
      op('site', 'a.com/blog'),
    ]);
  });

  it('normalises filetype: and accepts ext: as an alias', () => {
    expect(parseQuery('filetype:.PDF ext:Docx').clauses).toEqual([op('filetype', 'pdf'), op('filetype', 'docx')]);
  });

  it('treats operator names case-insensitively', () => {
    expect(parseQuery('SiTe:a.com InTitle:Guide INURL:Docs').clauses).toEqual([op('site', 'a.com'), op('intitle', 'Guide'), op('inurl', 'Docs')]);
  });

  it('takes a quoted phrase as the value of intitle: and inurl:', () => {
    expect(parseQuery('intitle:"user guide" inurl:"api reference"').clauses).toEqual([op('intitle', 'user guide'), op('inurl', 'api reference')]);
  });

  it('applies allintitle: and allinurl: to every later word and phrase', () => {
    expect(parseQuery('allintitle: rust "error handling" -panic site:a.com').clauses).toEqual([
      op('intitle', 'rust'),
      op('intitle', 'error handling'),
      op('intitle', 'panic', true),
      op('site', 'a.com'),
    ]);
    expect(parseQuery('allinurl:docs api').clauses).toEqual([op('inurl', 'docs'), op('inurl', 'api')]);
  });

  it('drops operators without a value', () => {
    expect(parseQuery('site: filetype: intitle:"" rust').clauses).toEqual([term('rust')]);
  });

  it('keeps unknown name:value words as plain terms', () => {
    expect(parseQuery('foo:bar https://x.org').clauses).toEqual([term('foo:bar'), term('https://x.org')]);
  });

  it('groups adjacent positive clauses joined by OR', () => {
    expect(parseQuery('cats OR dogs OR "guinea pigs" pets').clauses).toEqual([
      { kind: 'anyOf', options: [term('cats'), term('dogs'), phrase('guinea pigs')] },
      term('pets'),
    ]);
    expect(parseQuery('site:a.com OR site:b.com').clauses).toEqual([{ kind: 'anyOf', options: [op('site', 'a.com'), op('site', 'b.com')] }]);
  });

  it('tolerates OR with nothing positive on one side', () => {
    expect(parseQuery('OR a OR').clauses).toEqual([term('a')]);
    expect(parseQuery('-a OR b').clauses).toEqual([term('a', true), term('b')]);
    expect(parseQuery('a OR -b').clauses).toEqual([term('a'), term('b', true)]);
    expect(parseQuery('a OR site: b').clauses).toEqual([term('a'), term('b')]);
  });

  it('treats lower-case or as a plain word', () => {
    expect(parseQuery('this or that').clauses).toEqual([term('this'), term('or'), term('that')]);
  });

  it('returns no clauses for an empty or blank query', () => {
    expect(parseQuery('').clauses).toEqual([]);
    expect(parseQuery(' \t\n').clauses).toEqual([]);
  });
});

describe('formatQuery', () => {
  it('re-serialises every clause kind in Google syntax', () => {
    const parsed = parseQuery('a -b "c d" -"e f" site:x.com -filetype:pdf intitle:"g h" inurl:i p OR q');
    expect(formatQuery(parsed)).toBe('a -b "c d" -"e f" site:x.com -filetype:pdf intitle:"g h" inurl:i p OR q');
  });

  it('replaces clauses the engine cannot apply by their plain words, leaving exclusions and URL filters out', () => {
    const parsed = parseQuery('rust "error handling" -panic site:docs.rs intitle:"Result type" filetype:pdf');
    expect(formatQuery(parsed, new Set())).toBe('rust error handling Result type');
    expect(formatQuery(parsed, new Set(['exclude', 'site']))).toBe('rust error handling -panic site:docs.rs Result type');
  });

  it('never lets fallback words turn into operators', () => {
    const parsed = parseQuery('"site:evil.com OR -x"');
    expect(formatQuery(parsed, new Set())).toBe('site evil com or x');
  });
});

describe('queryKeywords', () => {
  it('lists the positive words an index should look up', () => {
    expect(queryKeywords(parseQuery('rust "error handling" -panic site:a.com intitle:guide a OR b'))).toEqual(['rust', 'error', 'handling', 'guide']);
  });
});

describe('featuresUsed', () => {
  it('names the features an engine must support to run the query unchanged', () => {
    expect([...featuresUsed(parseQuery('plain words'))]).toEqual([]);
    expect(featuresUsed(parseQuery('-"a b" x OR site:y.com'))).toEqual(new Set(['exclude', 'phrase', 'or', 'site']));
  });
});

/** Strings built from the query language's own pieces, so the properties exercise the tricky paths. */
const queryish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ' ',
        '  ',
        '\t',
        '"',
        '-',
        ':',
        'OR',
        'or',
        'site:',
        'SITE:',
        'filetype:',
        'ext:',
        'inurl:',
        'intitle:',
        'allinurl:',
        'allintitle:',
        'http://',
        '*.',
        '.',
        '/',
        'a.com',
        'é',
        '\u00a0',
      ),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

describe('query language properties', () => {
  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(queryish, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (q) => {
        parseQuery(q);
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips: parsing the formatted query gives the same structure', () => {
    fc.assert(
      fc.property(fc.oneof(queryish, fc.string()), (q) => {
        const parsed = parseQuery(q);
        expect(parseQuery(formatQuery(parsed))).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('formats a query the same way twice', () => {
    fc.assert(
      fc.property(queryish, (q) => {
        const once = formatQuery(parseQuery(q));
        expect(formatQuery(parseQuery(once))).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('never emits a value an engine would read as an operator when a feature is unsupported', () => {
    fc.assert(
      fc.property(queryish, (q) => {
        const plain = formatQuery(parseQuery(q), new Set());
        expect(featuresUsed(parseQuery(plain)).size).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * The operator lexemes PostgreSQL's `tsv` carries (fact-tokens.ts) stand for exactly the SQL
 * conditions of sql-conds.ts (or a superset, for `inurl:` and title phrases): checked here against
 * a direct evaluation of each condition's definition on many URLs, titles and operator values.
 */
import { describe, expect, it } from 'vitest';
import { factLexemes, factQuery, titleQuery } from './fact-tokens.js';
import { reverseHost } from './url-facts.js';

const HOSTS = ['example.com', 'blog.example.com', 'a.b.example.co.uk', 'trattoria-example.com', 'localhost', 'xn--mnchen-3ya.de'];
const PATHS = [
  '/',
  '/guide.pdf',
  '/a/b/archive.tar.gz',
  '/v1.2/notes',
  '/x.y.z.w.v.u.pdf',
  '/no-extension',
  `/${'long'.repeat(30)}.html`,
  "/it's.b'c",
  '/x.pdf\\',
];
const SITES = ['com', 'example.com', 'blog.example.com', 'ample.com', 'co.uk', 'example.co.uk', 'b.example.co.uk', 'mnchen-3ya.de', 'localhost'];
const TYPES = ['pdf', 'gz', 'tar.gz', 'html', 'y.z.w.v.u.pdf', '2/notes', 'pdf\\', "b'c", "s.b'c"];

/** A tiny evaluator of the lexeme part of a tsquery built from `&`, `|` and quoted lexemes. */
function holds(query: string, lexemes: ReadonlySet<string>): boolean {
  const tokens = query.match(/'(?:[^']|'')*'|[()&|]/g) ?? [];
  let at = 0;
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === '|') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const and = (): boolean => {
    let value = atom();
    while (tokens[at] === '&') {
      at++;
      value = atom() && value;
    }
    return value;
  };
  const atom = (): boolean => {
    const token = tokens[at++] ?? '';
    if (token === '(') {
      const value = or();
      at++;
      return value;
    }
    return lexemes.has(token.slice(1, -1).replace(/''/g, "'").replace(/\\\\/g, '\\'));
  };
  return or();
}

const docLexemes = (host: string, path: string, title = '', urlText = '') => new Set(factLexemes({ hostRev: reverseHost(host), path, title, urlText }));

describe('operator lexemes', () => {
  it('find exactly the hosts that site: means (the domain and its subdomains)', () => {
    for (const host of HOSTS) {
      for (const site of SITES) {
        const hostRev = reverseHost(host);
        const siteRev = reverseHost(site);
        const expected = hostRev === siteRev || hostRev.startsWith(`${siteRev}.`);
        const query = factQuery({ kind: 'site', hostRev: siteRev, pathPrefix: '' });
        expect(query?.exact).toBe(true);
        expect([host, site, holds(query?.query ?? '', docLexemes(host, '/'))]).toEqual([host, site, expected]);
      }
    }
  });

  it('find exactly the paths that filetype: means, or leave the value to SQL', () => {
    for (const path of PATHS) {
      for (const type of TYPES) {
        const query = factQuery({ kind: 'filetype', suffix: `.${type}` });
        if (query === undefined) continue;
        expect(query.exact).toBe(true);
        expect([path, type, holds(query.query, docLexemes('example.com', path))]).toEqual([path, type, path.endsWith(`.${type}`)]);
      }
    }
    expect(factQuery({ kind: 'filetype', suffix: '.a.b.c.d.e' })).toBeUndefined();
  });

  it('keep every URL that inurl: may match (a superset), even past the runs indexed', () => {
    const urls = ['example com how to install a telescope', 'example com guide', `example com ${'segment '.repeat(200)}end`];
    for (const urlText of urls) {
      for (const needle of ['install', 'stall', 'to install', 'end', 'com guide', 'xyz', 'ab']) {
        const query = factQuery({ kind: 'inurl', needle });
        if (query === undefined) {
          expect(needle.length).toBeLessThan(3);
          continue;
        }
        expect(query.exact).toBe(false);
        if (urlText.includes(needle)) expect(holds(query.query, docLexemes('example.com', '/', '', urlText))).toBe(true);
      }
    }
    expect(holds(factQuery({ kind: 'inurl', needle: 'xyz' })?.query ?? '', docLexemes('example.com', '/', '', urls[1]))).toBe(false);
  });

  it('find the title words of intitle:, exactly for one word', () => {
    const lexemes = docLexemes('example.com', '/', 'northern lights over norway');
    expect(titleQuery({ kind: 'text', field: 'title', words: ['lights'] })).toMatchObject({ exact: true });
    expect(holds(titleQuery({ kind: 'text', field: 'title', words: ['lights'] })?.query ?? '', lexemes)).toBe(true);
    expect(holds(titleQuery({ kind: 'text', field: 'title', words: ['light'] })?.query ?? '', lexemes)).toBe(false);
    const phrase = titleQuery({ kind: 'text', field: 'title', words: ['lights', 'northern'] });
    expect(phrase?.exact).toBe(false);
    expect(holds(phrase?.query ?? '', lexemes)).toBe(true);
  });
});

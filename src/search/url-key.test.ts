import { describe, it, expect } from 'vitest';
import { urlKey } from './url-key.js';

describe('urlKey', () => {
  it('gives the same key to the same page written differently', () => {
    const variants = [
      'https://www.Example.com/docs/',
      'http://example.com/docs',
      'https://example.com/docs#intro',
      'https://example.com./docs?utm_source=x&utm_medium=y',
      'https://example.com/docs?fbclid=abc',
    ];
    expect(new Set(variants.map(urlKey))).toEqual(new Set(['example.com/docs']));
  });

  it('ignores the order of query parameters but keeps their values', () => {
    expect(urlKey('https://a.com/s?b=2&a=1')).toBe(urlKey('https://a.com/s?a=1&b=2'));
    expect(urlKey('https://a.com/s?a=1')).not.toBe(urlKey('https://a.com/s?a=2'));
  });

  it('keeps what makes pages different: path case, subdomain, port', () => {
    expect(urlKey('https://a.com/Docs')).not.toBe(urlKey('https://a.com/docs'));
    expect(urlKey('https://docs.a.com/')).not.toBe(urlKey('https://a.com/'));
    expect(urlKey('https://a.com:8443/')).not.toBe(urlKey('https://a.com/'));
  });

  it('keys text that is not a URL by itself', () => {
    expect(urlKey('  Not A URL ')).toBe('not a url');
  });
});

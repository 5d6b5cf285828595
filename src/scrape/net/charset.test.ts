import { describe, expect, it } from 'vitest';
import { decodeText, isTextual, parseContentType } from './charset.js';

describe('content type parsing', () => {
  it('splits the MIME essence from the charset parameter', () => {
    expect(parseContentType('Text/HTML; Charset="Shift_JIS"')).toEqual({ mimeType: 'text/html', charset: 'Shift_JIS' });
    expect(parseContentType('application/json')).toEqual({ mimeType: 'application/json', charset: undefined });
    expect(parseContentType('nonsense')).toBeUndefined();
    expect(parseContentType(undefined)).toBeUndefined();
  });
});

describe('textual content', () => {
  it('trusts declared types', () => {
    expect(isTextual('text/html', Buffer.from([0]))).toBe(true);
    expect(isTextual('application/ld+json', Buffer.alloc(0))).toBe(true);
    expect(isTextual('image/svg+xml', Buffer.alloc(0))).toBe(true);
    expect(isTextual('image/png', Buffer.from('hello'))).toBe(false);
  });

  it('sniffs undeclared bodies for binary bytes', () => {
    expect(isTextual(undefined, Buffer.from('<html><body>hi</body></html>'))).toBe(true);
    expect(isTextual(undefined, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe(false);
  });
});

describe('decodeText', () => {
  const cp1251 = Buffer.from('cff0e8e2e5f2', 'hex'); // "Привет"

  it('uses the HTTP charset', () => {
    expect(decodeText(cp1251, 'windows-1251')).toEqual({ text: 'Привет', charset: 'windows-1251' });
  });

  it('skips a charset label it does not know and falls through to the document', () => {
    const page = Buffer.concat([Buffer.from('<meta charset="koi8-r">'), Buffer.from('f0d2c9d7c5d4', 'hex')]);
    expect(decodeText(page, 'x-no-such-charset')).toEqual({ text: '<meta charset="koi8-r">Привет', charset: 'koi8-r' });
  });

  it('reads an XML declaration', () => {
    const xml = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1251"?><a>'), cp1251, Buffer.from('</a>')]);
    expect(decodeText(xml, undefined).text).toContain('<a>Привет</a>');
  });

  it('ignores a meta tag inside a comment and one past the first 4 KB', () => {
    const commented = Buffer.concat([Buffer.from('<!-- <meta charset="windows-1251"> -->'), cp1251]);
    expect(decodeText(commented, undefined).charset).toBe('utf-8');
    const late = Buffer.concat([Buffer.from(' '.repeat(5000)), Buffer.from('<meta charset="windows-1251">')]);
    expect(decodeText(late, undefined).charset).toBe('utf-8');
  });

  it('does not believe a meta tag claiming UTF-16', () => {
    expect(decodeText(Buffer.from('<meta charset="utf-16"><p>é</p>'), undefined).charset).toBe('utf-8');
  });
});

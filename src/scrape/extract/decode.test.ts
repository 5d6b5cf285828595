import { describe, expect, it } from 'vitest';
import { decodeHtmlBytes } from './decode.js';
import { extractPage } from './extract-page.js';

const latin1 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));

describe('decodeHtmlBytes', () => {
  it('decodes UTF-8 by default and drops a byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<p>naïve 東京</p>', 'utf8')]);
    expect(decodeHtmlBytes(bytes)).toBe('<p>naïve 東京</p>');
  });

  it('honours the Content-Type charset over the document', () => {
    expect(decodeHtmlBytes(latin1('<meta charset="utf-8"><p>caf\u00e9</p>'), 'text/html; charset=ISO-8859-1')).toBe('<meta charset="utf-8"><p>café</p>');
  });

  it('reads <meta charset> and <meta http-equiv> declarations', () => {
    expect(decodeHtmlBytes(latin1('<meta charset="windows-1252"><p>\u0093quoted\u0094</p>'))).toBe('<meta charset="windows-1252"><p>\u201cquoted\u201d</p>');
    const shiftJis = new Uint8Array([
      ...Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><p>'),
      0x93,
      0x8c,
      0x8b,
      0x9e,
      ...Buffer.from('</p>'),
    ]);
    expect(decodeHtmlBytes(shiftJis)).toContain('<p>東京</p>');
  });

  it('falls back to windows-1252 for undeclared bytes that are not UTF-8', () => {
    expect(decodeHtmlBytes(latin1('<p>Fa\u00e7ade</p>'))).toBe('<p>Façade</p>');
  });

  it('ignores unknown charset labels', () => {
    expect(decodeHtmlBytes(Buffer.from('<p>ok é</p>', 'utf8'), 'text/html; charset=x-made-up')).toBe('<p>ok é</p>');
  });

  it('gives the same extracted text whichever encoding the page was sent in', () => {
    const page = '<html><body><main><p>Crème brûlée à la française, s’il vous plaît — merci.</p></main></body></html>';
    const utf8 = extractPage(decodeHtmlBytes(Buffer.from(page, 'utf8')), { url: 'https://example.fr/' }).text;
    const windows1252Bytes = new Uint8Array([...page].map((c) => ({ '’': 0x92, '—': 0x97 })[c] ?? c.charCodeAt(0)));
    const legacy = extractPage(decodeHtmlBytes(windows1252Bytes, 'text/html; charset=windows-1252'), { url: 'https://example.fr/' }).text;
    expect(legacy).toBe(utf8);
    expect(utf8).toBe('Crème brûlée à la française, s’il vous plaît — merci.');
  });
});

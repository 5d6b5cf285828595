import { describe, expect, it } from 'vitest';
import { classifyContent } from './content-kind.js';
import { xmlToText } from './xml-text.js';

const bytes = (text: string) => Buffer.from(text);

describe('classifyContent', () => {
  it('trusts a declared type that says what the body is', () => {
    expect(classifyContent('text/html', bytes('whatever'))).toBe('html');
    expect(classifyContent('application/xhtml+xml', bytes('<html/>'))).toBe('html');
    expect(classifyContent('application/pdf', bytes('%PDF-1.4'))).toBe('pdf');
    expect(classifyContent('text/plain', bytes('hello'))).toBe('text');
    expect(classifyContent('text/markdown', bytes('# hi'))).toBe('markdown');
    expect(classifyContent('text/x-markdown', bytes('# hi'))).toBe('markdown');
    expect(classifyContent('application/json', bytes('{}'))).toBe('text');
    expect(classifyContent('application/problem+json', bytes('{}'))).toBe('text');
    expect(classifyContent('application/rss+xml', bytes('<rss/>'))).toBe('xml');
    expect(classifyContent('text/xml', bytes('<?xml version="1.0"?><urlset/>'))).toBe('xml');
  });

  it('reads a plain-text or untyped body at a .md address as Markdown, and only then', () => {
    expect(classifyContent('text/plain', bytes('# hi'), 'https://raw.example.com/org/repo/main/README.md')).toBe('markdown');
    expect(classifyContent(undefined, bytes('# hi'), 'https://example.com/docs/guide.markdown?raw=1')).toBe('markdown');
    expect(classifyContent('text/plain', bytes('# hi'), 'https://example.com/notes.txt')).toBe('text');
    expect(classifyContent('application/json', bytes('{}'), 'https://example.com/data.md')).toBe('text');
    expect(classifyContent('text/html', bytes('<p>x</p>'), 'https://example.com/README.md')).toBe('html');
  });

  it('reads XML whose root is <html> as a web page', () => {
    expect(classifyContent('application/xml', bytes('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'))).toBe('html');
  });

  it('refuses images, media, archives, fonts and executables', () => {
    for (const type of ['image/png', 'image/jpeg', 'video/mp4', 'audio/mpeg', 'application/zip', 'font/woff2', 'application/x-msdownload']) {
      expect(classifyContent(type, bytes('x')), type).toBeUndefined();
    }
  });

  it('sniffs the bytes when the type is missing or generic', () => {
    expect(classifyContent(undefined, bytes('%PDF-1.7 …'))).toBe('pdf');
    expect(classifyContent('application/octet-stream', bytes('%PDF-1.7 …'))).toBe('pdf');
    expect(classifyContent(undefined, bytes('<!-- hi -->\n<!DOCTYPE html><html><p>x</p></html>'))).toBe('html');
    expect(classifyContent(undefined, bytes('<?xml version="1.0"?><feed/>'))).toBe('xml');
    expect(classifyContent(undefined, bytes('just words'))).toBe('text');
    expect(classifyContent(undefined, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBeUndefined();
    expect(classifyContent('application/octet-stream', Buffer.from([0x00, 0x01, 0x02]))).toBeUndefined();
  });
});

describe('xmlToText', () => {
  it('reads the text of a feed, one block per element, without markup', () => {
    const feed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
  <title>Feed &amp; title</title><description>About it</description>
  <item><title>First item</title><link>https://example.com/1</link><description><![CDATA[<b>Bold</b> item text.]]></description></item>
</channel></rss>`;
    const doc = xmlToText(feed);
    expect(doc.title).toBe('Feed & title');
    expect(doc.text).toBe('Feed & title\n\nAbout it\n\nFirst item\n\nhttps://example.com/1\n\n<b>Bold</b> item text.');
  });

  it('finds a namespaced title and survives a document without one', () => {
    expect(xmlToText('<a:doc xmlns:a="urn:x"><a:title> Spaced   out </a:title></a:doc>').title).toBe('Spaced out');
    expect(xmlToText('<urlset><url><loc>https://example.com/</loc></url></urlset>')).toEqual({ text: 'https://example.com/' });
  });
});

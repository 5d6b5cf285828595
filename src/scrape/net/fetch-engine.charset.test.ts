import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARSET_SAMPLES, startFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site.js';
import { createFetchEngine, type FetchEngine } from './fetch-engine.js';

let site: FixtureSite;
let engine: FetchEngine;

beforeAll(async () => {
  site = await startFixtureSite();
  engine = createFetchEngine({ allowedHosts: [site.host] });
});

afterAll(async () => {
  await engine.close();
  await site.close();
});

// WHATWG treats the ISO-8859-1 label as windows-1252, as every browser does.
const EXPECTED_ENCODING: Record<string, string> = { 'iso-8859-1': 'windows-1252' };

describe('fetch engine: charset decoding', () => {
  const names = Object.keys(CHARSET_SAMPLES);

  describe.each(['header', 'meta', 'http-equiv'])('declared by %s', (declare) => {
    it.each(names)('decodes %s into the right Unicode text', async (name) => {
      const page = await engine.fetch(`${site.url}/charset/${name}?declare=${declare}`);
      const expected = CHARSET_SAMPLES[name]?.text ?? '';
      expect(page.charset).toBe(EXPECTED_ENCODING[name] ?? name);
      expect(page.text).toContain(`<title>${expected}</title>`);
      expect(page.text).toContain(`<p>${expected}</p>`);
    });
  });

  it('falls back to UTF-8 when nothing is declared', async () => {
    const page = await engine.fetch(`${site.url}/charset/windows-1251?declare=none`);
    expect(page.charset).toBe('utf-8');
    expect(page.text).toContain('\ufffd');
  });

  it('lets a byte order mark win over everything', async () => {
    const utf16 = await engine.fetch(`${site.url}/charset/utf-16le-bom`);
    expect(utf16.charset).toBe('utf-16le');
    expect(utf16.text).toContain('<p>Ünïcödé in UTF-16LE</p>');

    const bomOverHeader = await engine.fetch(`${site.url}/charset/bom-beats-header`);
    expect(bomOverHeader.charset).toBe('utf-8');
    expect(bomOverHeader.text).toContain('<p>Ünïcödé behind a BOM</p>');
    expect(bomOverHeader.text?.startsWith('\ufeff')).toBe(false);
  });

  it('prefers the HTTP charset over a contradicting meta tag', async () => {
    const page = await engine.fetch(`${site.url}/charset/header-beats-meta`);
    expect(page.charset).toBe('windows-1251');
    expect(page.text).toContain(CHARSET_SAMPLES['windows-1251']?.text);
  });
});

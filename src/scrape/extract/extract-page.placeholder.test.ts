import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

describe('extractPage on sample text left by a theme', () => {
  it('drops a "Lorem ipsum" block with its heading, and keeps the real sections around it', () => {
    const sample = `<div class="feature"><h3>This can be another subject line</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p></div>`;
    const body = `<article><h1>Slim wallet</h1><p>${prose('the slim wallet')}</p>${sample}<div class="feature"><h3>Built to last</h3><p>${prose('its aluminium plates', 2)}</p></div></article>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).not.toContain('Lorem ipsum');
    expect(text).not.toContain('another subject line');
    expect(text).toContain('The story of the slim wallet begins');
    expect(text).toContain('Built to last');
    expect(text).toContain('The story of its aluminium plates begins');
  });
});

describe('extractPage on disclaimers', () => {
  it('drops boxes named as disclaimers around the content, not a page of terms named so', () => {
    const smallPrint = `<div class="product-disclaimer"><p>* Images simulated. Colour and model availability may vary by country, region or carrier. Prices may change without notice.</p></div>`;
    const body = `<article><h1>Slim wallet</h1><p>${prose('the slim wallet')}</p>${smallPrint}<p>${prose('its aluminium plates', 2)}</p></article>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of the slim wallet begins');
    expect(text).toContain('The story of its aluminium plates begins');
    expect(text).not.toContain('Images simulated');
    const terms = `<div class="disclaimer-page"><h1>Disclaimer</h1><p>${prose('our liability')}</p><p>${prose('third-party links', 2)}</p></div>`;
    expect(extractPage(pageWithChrome(terms), { url: PAGE_URL }).text).toContain('The story of our liability begins');
  });
});

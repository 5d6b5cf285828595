import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

const SERVICES = [
  ['Assurance', 'Our assurance practice brings accounting and reporting expertise to the questions boards ask most.'],
  ['Audit', 'Our external audits help clients understand their risks and improve their financial processes.'],
  ['Tax', 'Strategic and efficient tax compliance helps you keep pace with changes at home and abroad.'],
  ['Human capital', 'Unlocking human potential creates adaptable organisations that are resilient to risk.'],
];

describe('extractPage on grids of boxes named like promotions', () => {
  it('keeps the linked boxes a grid lists when each sits alone in a column of its own', () => {
    const box = ([name, blurb]: string[]): string =>
      `<div class="grid-column col-3"><div class="grid"><div class="promo promo--services"><a href="/services/${name?.length}"><h3>${name}</h3><p>${blurb}</p><span>Find out more</span></a></div></div></div>`;
    const body = `<h1>Our services</h1><p>Tap into our broad range of services.</p><div class="grid">${SERVICES.map(box).join('')}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Our external audits help clients');
    expect(text).toContain('Unlocking human potential');
  });

  it('still drops a promotion beside other content in a column', () => {
    const column = ([name, blurb]: string[]): string =>
      `<div class="grid-column"><h3>${name}</h3><p>${blurb} We say more about it here, with enough words to read as the column's own text.</p><div class="promo"><a href="/offer">Save 20% on ${name} this month</a></div></div>`;
    const { text } = extractPage(pageWithChrome(`<h1>Our services</h1><div class="grid">${SERVICES.map(column).join('')}</div>`), { url: PAGE_URL });
    expect(text).toContain('Our external audits help clients');
    expect(text).not.toContain('Save 20%');
  });
});

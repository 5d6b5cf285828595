/**
 * Times of extractPage on the hostile pages of the robustness test (tests/support/extract-hostile-cases.ts)
 * at a megabyte, and how each time grows from a quarter of a megabyte (linear: about ×4). The test
 * checks only the growth, which does not depend on the machine; the absolute times are here.
 *
 *   npx tsx bench/extract-hostile.ts
 */
import { extractPage } from '../src/scrape/extract/index.js';
import { authorBoxesPage, cardGridsPage, CLOSED_UNITS, closedPage, QUARTER_MB, UNCLOSED_UNITS, unclosedPage } from '../tests/support/extract-hostile-cases.js';
import { measureGrowth } from '../tests/support/growth.js';

const URL = 'https://example.com/a/b.html';
const cases: [string, (scale: number) => string][] = [
  ...UNCLOSED_UNITS.map((unit): [string, (scale: number) => string] => [`unclosed ${unit}`, (scale) => unclosedPage(unit, QUARTER_MB * scale)]),
  ...CLOSED_UNITS.map((unit): [string, (scale: number) => string] => [`closed ${unit}`, (scale) => closedPage(unit, QUARTER_MB * scale)]),
  ...(['alike', 'distinct'] as const).map((kind): [string, (scale: number) => string] => [
    `author boxes, ${kind}`,
    (scale) => authorBoxesPage(kind, 6_250 * scale),
  ]),
  ...(['siblings', 'nested'] as const).map((kind): [string, (scale: number) => string] => [`card grids, ${kind}`, (scale) => cardGridsPage(kind, scale)]),
];

console.log('ms at 1/4 MB\tms at 1 MB\tgrowth\tpage');
for (const [name, page] of cases) {
  // One round: the figures as measured, not the fastest of retries.
  const growth = measureGrowth(page, (html) => extractPage(html, { url: URL }), { rounds: 1 });
  console.log(`${growth.small.toFixed(0)}\t${growth.large.toFixed(0)}\t×${growth.ratio.toFixed(1)}\t${name.slice(0, 90)}`);
}

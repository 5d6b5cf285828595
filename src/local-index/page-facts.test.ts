import { describe, expect, it } from 'vitest';
import { deeplyNestedJsonLd, nestedElementsPage, NESTED_SHAPES } from '../../tests/support/hostile-pages.js';
import { readPage } from '../scrape/extract/index.js';
import { allEntities } from './verticals/structured.js';

describe('readPage on hostile pages', () => {
  it('reads every shape of a megabyte of never-closed elements within seconds', () => {
    NESTED_SHAPES.forEach((_, shape) => {
      const started = performance.now();
      const facts = readPage(nestedElementsPage(shape, 1024), 'https://example.com/nested');
      expect(facts.extracted.title).toBe(`Nested page ${shape}`);
      expect(performance.now() - started, NESTED_SHAPES[shape]).toBeLessThan(5_000);
    });
  });

  it('leaves a deeply nested JSON-LD block out of the entities the verticals walk', () => {
    const html = `<html><head><script type="application/ld+json">${deeplyNestedJsonLd(50_000)}</script>
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"Kept","about":{"@type":"Thing","name":"Inner"}}</script></head>
      <body><p>Text.</p></body></html>`;
    const facts = readPage(html, 'https://example.com/ld');
    expect(facts.entities).toEqual([{ '@type': 'NewsArticle', headline: 'Kept', about: { '@type': 'Thing', name: 'Inner' } }]);
    expect(allEntities(facts).map((entity) => entity['@type'])).toEqual(['NewsArticle', 'Thing']);
    expect(facts.extracted.warnings).toEqual(['1 JSON-LD block nested deeper than 64 levels skipped.']);
  });
});

import { describe, expect, it } from 'vitest';
import type { CombinedSearchResult } from '../use-cases/combined-search.js';
import { resolveCombinedRequest } from './requests.js';
import { renderCombined, renderVertical } from './routes-render.js';

/* Quarry's REST mapper: the use cases' typed results in the contract's wire shapes. */
const news = {
  item: { title: 'Comet', link: 'https://news.example.org/comet', snippet: 'A comet', date: '2 days ago', position: 1 },
  publishedAt: new Date('2025-01-13T12:00:00.000Z'),
};

describe('the REST search mapper', () => {
  it('gives the combined search’s items the combined field set and names failed engines only when some failed', () => {
    const result: CombinedSearchResult = {
      sources: [
        {
          vertical: 'web',
          engine: 'local',
          failedEngines: [],
          items: [{ item: { title: 'Page', url: 'https://example.org/', description: 'd', position: 1 } }],
        },
        { vertical: 'news', engine: 'searxng', failedEngines: [], items: [news] },
        { vertical: 'autocomplete', engine: 'searxng', failedEngines: [], suggestions: ['comet tonight'] },
      ],
      failedEngines: [],
      cached: false,
    };

    expect(renderCombined(result)).toEqual({
      success: true,
      data: {
        web: [{ title: 'Page', url: 'https://example.org/', description: 'd', position: 1 }],
        news: [{ title: 'Comet', url: 'https://news.example.org/comet', description: 'A comet', date: '2 days ago', position: 1 }],
        autocomplete: ['comet tonight'],
      },
    });
    expect(renderCombined({ ...result, failedEngines: ['brave'] }).failed_engines).toEqual(['brave']);
  });

  it('gives a dedicated endpoint the search parameters, the engine and the list named after the vertical', () => {
    const search = resolveCombinedRequest({ query: 'comet', lang: 'en' }).search;

    expect(
      renderVertical('news', search, { vertical: 'news', engine: 'searxng', failedEngines: ['brave'], correctedQuery: 'comets', items: [news], cached: true }),
    ).toEqual({
      searchParameters: { q: 'comet', gl: 'us', hl: 'en', num: 10, page: 1, autocorrect: true, type: 'news', engine: 'searxng', correctedQuery: 'comets' },
      news: [news.item],
      failed_engines: ['brave'],
    });
  });
});

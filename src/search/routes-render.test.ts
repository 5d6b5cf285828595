import { describe, expect, it } from 'vitest';
import type { CombinedSearchResult } from '../use-cases/combined-search.js';
import { resolveCombinedRequest } from './requests.js';
import { renderCombined, renderVertical } from './routes-render.js';

/* Quarry's REST mapper: the use cases' typed results in the contract's wire shapes. */
const news = {
  item: { title: 'Comet', link: 'https://news.example.org/comet', snippet: 'A comet', date: '2 days ago', position: 1 },
  publishedAt: new Date('2025-01-13T12:00:00.000Z'),
};
const now = new Date('2025-01-15T12:00:00.000Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

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

    expect(renderCombined(result, now)).toEqual({
      success: true,
      data: {
        web: [{ title: 'Page', url: 'https://example.org/', description: 'd', position: 1 }],
        news: [{ title: 'Comet', url: 'https://news.example.org/comet', description: 'A comet', date: '2 days ago', position: 1 }],
        autocomplete: ['comet tonight'],
      },
    });
    expect(renderCombined({ ...result, failedEngines: ['brave'] }, now).failed_engines).toEqual(['brave']);
  });

  it('gives a dedicated endpoint the search parameters, the engine and the list named after the vertical', () => {
    const search = resolveCombinedRequest({ query: 'comet', lang: 'en' }).search;

    expect(
      renderVertical(
        'news',
        search,
        { vertical: 'news', engine: 'searxng', failedEngines: ['brave'], correctedQuery: 'comets', items: [news], cached: true },
        now,
      ),
    ).toEqual({
      searchParameters: { q: 'comet', gl: 'us', hl: 'en', num: 10, page: 1, autocorrect: true, type: 'news', engine: 'searxng', correctedQuery: 'comets' },
      news: [news.item],
      failed_engines: ['brave'],
    });
  });

  describe('dates', () => {
    const story = (title: string, publishedAt?: Date, date?: string) => ({
      item: { title, link: `https://news.example.org/${title}`, snippet: title, ...(date === undefined ? {} : { date }), position: 1 },
      ...(publishedAt === undefined ? {} : { publishedAt }),
    });
    const newsOf = (items: ReturnType<typeof story>[], at = now) =>
      renderVertical(
        'news',
        resolveCombinedRequest({ query: 'tesla' }).search,
        { vertical: 'news', engine: 'searxng', failedEngines: [], items, cached: false },
        at,
      ).news;

    it('shows how long ago an item the engine did not date was published, and keeps the engine’s own date', () => {
      const shown = newsOf([
        story('two-days', ago(48 * HOUR)),
        story('half-hour', ago(HOUR / 2)),
        story('undated'),
        story('own-date', ago(5 * HOUR), 'this morning'),
      ]);

      expect(shown.map((item) => item.date)).toEqual(['2 days ago', '30 mins ago', undefined, 'this morning']);
      // Where the router used to put it: after the engine's fields, before the position.
      expect(Object.keys(shown[0]!)).toEqual(['title', 'link', 'snippet', 'date', 'position']);
    });

    it('dates web items and video uploads in both shapes, and nothing in a vertical without a date', () => {
      const result: CombinedSearchResult = {
        sources: [
          {
            vertical: 'web',
            engine: 'local',
            failedEngines: [],
            items: [{ item: { title: 'Page', url: 'https://example.org/', position: 1 }, publishedAt: ago(3 * HOUR) }],
          },
          {
            vertical: 'videos',
            engine: 'local',
            failedEngines: [],
            items: [{ item: { title: 'Clip', link: 'https://video.example.org/1', position: 1 }, publishedAt: ago(2 * 7 * 24 * HOUR) }],
          },
          {
            vertical: 'images',
            engine: 'local',
            failedEngines: [],
            items: [
              { item: { title: 'Sky', imageUrl: 'https://img.example.org/1.jpg', link: 'https://example.org/sky', position: 1 }, publishedAt: ago(HOUR) },
            ],
          },
        ],
        failedEngines: [],
        cached: false,
      };

      expect(renderCombined(result, now).data).toEqual({
        web: [{ title: 'Page', url: 'https://example.org/', date: '3 hours ago', position: 1 }],
        videos: [{ title: 'Clip', url: 'https://video.example.org/1', uploaded: '2 weeks ago', position: 1 }],
        images: [{ title: 'Sky', imageUrl: 'https://img.example.org/1.jpg', url: 'https://example.org/sky', position: 1 }],
      });
    });

    it('dates an answer as of the moment it is rendered, a cached one included', () => {
      const cached = [story('cached', ago(2 * HOUR))];

      expect(newsOf(cached)[0]?.date).toBe('2 hours ago');
      expect(newsOf(cached, new Date(now.getTime() + 24 * HOUR))[0]?.date).toBe('1 day ago');
    });
  });
});

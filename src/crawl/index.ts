/**
 * The crawler and what it is made of (robots.txt, sitemaps, the frontier, politeness), shared by
 * the local index's CLI, the Firecrawl-compatible crawl and map, and MCP. It knows nothing of the
 * index: pages go to a `CrawlIndexer` its caller hands in. The frontier's tables stay in `src/db`.
 */
export {
  createCrawler,
  pageKey,
  type Crawler,
  type CrawlerOptions,
  type CrawlIndexer,
  type CrawlRequest,
  type CrawlProgress,
  type CrawlReport,
} from './crawler.js';
export { discardFrontier, openFrontier, type CrawlSettings } from './frontier.js';
export { createPoliteness, type Politeness } from './politeness.js';
export { ALLOW_ALL, DISALLOW_ALL, parseRobots, productToken, type RobotsPolicy } from './robots.js';
export { parseSitemap, sitemapText, type SitemapEntries } from './sitemap.js';

import type { StandaloneCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { openCrawlServices, positionalCommand, progressLine } from '../../local-index/index.js';

/** `quarry crawl URL`: pages into the local search index, politely; see the description for guarantees. */
export function crawlCommand(env: NodeJS.ProcessEnv): StandaloneCommand {
  return positionalCommand(
    {
      words: ['crawl'],
      summary: 'crawl a site into the local search index (robots.txt, sitemaps, resumable)',
      description:
        'Fetches URL and the pages it links to (breadth-first, plus the pages its sitemaps list) and adds\n' +
        "them to the local search index. Every request goes through the scraper's guarded fetch engine\n" +
        '(SCRAPE_ALLOWED_HOSTS applies), obeys robots.txt for CRAWL_USER_AGENT, and waits CRAWL_DELAY_MS\n' +
        "(or the site's Crawl-delay) between two requests to one host. The crawl's state is kept in the\n" +
        'database: run the same command again after an interruption and it resumes where it stopped.',
      operands: 'URL',
      minWords: 1,
      maxWords: 1,
      options: {
        'max-pages': { type: 'integer', min: 1, max: 10_000_000, placeholder: 'N', description: 'stop after indexing N pages (default 100)' },
        depth: { type: 'integer', min: 0, max: 100, placeholder: 'D', description: 'follow links at most D hops from URL (default 2)' },
        'same-host': { type: 'boolean', description: "only follow links to URL's own host" },
      },
      example: 'quarry crawl https://example.com/ --max-pages 500 --depth 3 --same-host',
      check(words) {
        const [url] = words;
        let parsed: URL | undefined;
        try {
          parsed = new URL(url ?? '');
        } catch {
          parsed = undefined;
        }
        if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
          throw new UsageError(`URL must be an http(s) URL, got "${url}"`);
      },
      async run({ words, args, config, services, io }) {
        const seed = words[0] ?? '';
        const maxPages = args.optionalInteger('max-pages') ?? 100;
        const crawl = openCrawlServices(config, services.db, services.dialect);
        const progress = progressLine(io);
        try {
          const report = await crawl.crawler.crawl({
            seed,
            maxPages,
            maxDepth: args.optionalInteger('depth') ?? 2,
            sameHost: args.flag('same-host'),
            onProgress: (p) => progress.update(p.done, maxPages, `indexed · ${p.skipped} skipped · ${p.failed} failed · ${p.queued} queued  ${p.url}`),
          });
          progress.end();
          return {
            json: {
              seed,
              job_id: report.jobId,
              resumed: report.resumed,
              indexed: report.done,
              skipped: report.skipped,
              failed: report.failed,
              queued: report.queued,
            },
            text: `${report.resumed ? 'Resumed and finished' : 'Finished'} crawling ${seed}: ${report.done} pages indexed, ${report.skipped} skipped, ${report.failed} failed.`,
          };
        } finally {
          progress.end();
          await crawl.close();
        }
      },
    },
    env,
  );
}

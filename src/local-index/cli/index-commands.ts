/** `quarry index import|stats|remove`: the operator's view of the local search index. */
import { type StandaloneCommand, UsageError } from '../../cli/index.js';
import { importUrlList, importWarc, looksLikeWarc, type ImportCounts } from '../import/importer.js';
import { createIndexStore } from '../store.js';
import { openCrawlServices } from './crawl-services.js';
import { positionalCommand } from './positional-command.js';
import { progressLine } from './progress.js';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function indexImportCommand(env: NodeJS.ProcessEnv): StandaloneCommand {
  return positionalCommand(
    {
      words: ['index', 'import'],
      summary: 'add pages to the local search index from WARC files or lists of URLs',
      description:
        'Each FILE is either a WARC archive (plain or gzipped member by member, as Common Crawl publishes\n' +
        'them: the HTML response records are indexed, dated by their capture time) or a text file of URLs,\n' +
        'one per line (# starts a comment), each fetched like a crawl of depth 0: through the guarded fetch\n' +
        'engine, obeying robots.txt and CRAWL_DELAY_MS.',
      operands: 'FILE…',
      minWords: 1,
      maxWords: 10_000,
      options: {},
      example: 'quarry index import CC-MAIN-20240101-00000.warc.gz urls.txt',
      async run({ words, config, services, io }) {
        const crawl = openCrawlServices(config, services.db, services.dialect);
        const progress = progressLine(io);
        const counts: ImportCounts = { indexed: 0, skipped: 0, failed: 0 };
        const files: { file: string; kind: 'warc' | 'urls' }[] = [];
        try {
          for (const file of words) {
            const warc = await looksLikeWarc(file);
            files.push({ file, kind: warc ? 'warc' : 'urls' });
            const onProgress = (p: ImportCounts & { url: string }) =>
              progress.update(p.indexed, p.indexed + p.skipped + p.failed, `indexed · ${p.skipped} skipped · ${p.failed} failed  ${p.url}`);
            if (warc) await importWarc(file, crawl.indexer, counts, onProgress);
            else await importUrlList(file, crawl.crawler, counts, onProgress);
          }
        } finally {
          progress.end();
          await crawl.close();
        }
        return {
          json: { files, ...counts },
          text: `Imported ${words.length} file${words.length === 1 ? '' : 's'}: ${counts.indexed} pages indexed, ${counts.skipped} skipped, ${counts.failed} failed.`,
        };
      },
    },
    env,
  );
}

export function indexStatsCommand(env: NodeJS.ProcessEnv): StandaloneCommand {
  return positionalCommand(
    {
      words: ['index', 'stats'],
      summary: 'show the size of the local search index',
      description: 'Pages in the index, searchable documents per vertical, logged queries (autocomplete) and the space the index takes.',
      operands: '',
      minWords: 0,
      maxWords: 0,
      options: {},
      example: 'quarry index stats --json',
      async run({ services }) {
        const stats = await createIndexStore(services.db, services.dialect).stats();
        const verticals = Object.entries(stats.documents).map(([vertical, count]) => `  ${vertical.padEnd(9)} ${count}`);
        return {
          json: { pages: stats.pages, documents: stats.documents, queries: stats.queries, bytes: stats.bytes, last_indexed: stats.lastIndexed ?? null },
          text: [
            `Pages:    ${stats.pages}`,
            'Documents per vertical:',
            ...verticals,
            `Queries:  ${stats.queries} (autocomplete log)`,
            `Size:     ${formatBytes(stats.bytes)}`,
            `Last indexed: ${stats.lastIndexed ?? 'never'}`,
          ].join('\n'),
        };
      },
    },
    env,
  );
}

export function indexRemoveCommand(env: NodeJS.ProcessEnv): StandaloneCommand {
  return positionalCommand(
    {
      words: ['index', 'remove'],
      summary: 'remove a page, or every page of a site, from the local search index',
      description: 'Removes the page stored under URL, or with --site every page of HOST and its subdomains.',
      operands: 'URL | --site HOST',
      minWords: 0,
      maxWords: 1,
      options: { site: { type: 'string', placeholder: 'HOST', description: 'remove every page of this host and its subdomains' } },
      example: 'quarry index remove --site example.com',
      check(words, args) {
        const site = args.optionalString('site');
        if ((words.length === 1) === (site !== undefined)) throw new UsageError('give either a URL or --site HOST');
        if (words[0] !== undefined && !URL.canParse(words[0])) throw new UsageError(`URL must be a full URL, got "${words[0]}"`);
      },
      async run({ words, args, services }) {
        const store = createIndexStore(services.db, services.dialect);
        const site = args.optionalString('site');
        const removed = site === undefined ? await store.removeUrl(words[0] ?? '') : await store.removeSite(site);
        const target = site === undefined ? words[0] : `site ${site}`;
        return {
          json: { removed, ...(site === undefined ? { url: words[0] } : { site }) },
          text: `Removed ${removed} page${removed === 1 ? '' : 's'} (${target}).`,
        };
      },
    },
    env,
  );
}

/** Every index command, for the CLI's command list. */
export function indexCommands(env: NodeJS.ProcessEnv): StandaloneCommand[] {
  return [indexImportCommand(env), indexStatsCommand(env), indexRemoveCommand(env)];
}

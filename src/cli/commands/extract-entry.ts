import type { StandaloneCommand } from '../command.js';

/**
 * `quarry extract` belongs to the extraction module (commands/extract.ts); it is imported only
 * when run, so other commands do not load the HTML and PDF parsers.
 */
export const extractEntryCommand: StandaloneCommand = {
  kind: 'standalone',
  words: ['extract'],
  summary: 'extract the main content of saved pages (.html, .pdf, .txt) as markdown, text or JSON',
  example: 'quarry extract --format markdown --out out/ saved/*.html',
  async run(argv, io) {
    const { extractCommand } = await import('./extract.js');
    return extractCommand(argv, io);
  },
};

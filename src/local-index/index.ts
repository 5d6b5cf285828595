/** What other features may use of src/local-index: its public surface. */
export { openCrawlServices } from './cli/crawl-services.js';
export { indexCommands } from './cli/index-commands.js';
export { positionalCommand } from './cli/positional-command.js';
export { progressLine } from './cli/progress.js';
export type { IndexOutcome, Indexer } from './indexer.js';

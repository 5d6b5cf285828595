import type { CliCommand } from '../command.js';
import { creditsAuditCommand } from './credits-audit.js';
import { creditsBalanceCommand } from './credits-balance.js';
import { creditsGrantCommand } from './credits-grant.js';
import { extractEntryCommand } from './extract-entry.js';
import { keysCreateCommand } from './keys-create.js';
import { keysListCommand } from './keys-list.js';
import { keysRevokeCommand } from './keys-revoke.js';
import { commandNamed, lazyCommand } from './lazy.js';
import { mailListCommand } from './mail-list.js';
import { migrateCommand } from './migrate.js';
import { usersCreateCommand } from './users-create.js';
import { usersListCommand } from './users-list.js';
import { usersLockCommand, usersUnlockCommand } from './users-lock.js';

/**
 * The one table of `quarry` commands, in the order `quarry --help` lists them: dispatch and
 * help are both generated from it. The commands of other features (crawl, index, mcp) are
 * listed here and imported only when run, so the table loads no database driver, crawler or
 * SDK. Those commands read the configuration from `env` when they run.
 */
export function cliCommands(env: NodeJS.ProcessEnv): readonly CliCommand[] {
  const localIndex = async () => (await import('../../local-index/index.js')).indexCommands(env);
  return [
    usersCreateCommand,
    usersListCommand,
    usersLockCommand,
    usersUnlockCommand,
    keysCreateCommand,
    keysListCommand,
    keysRevokeCommand,
    creditsGrantCommand,
    creditsBalanceCommand,
    creditsAuditCommand,
    mailListCommand,
    migrateCommand,
    extractEntryCommand,
    lazyCommand(
      {
        words: ['crawl'],
        summary: 'crawl a site into the local search index (robots.txt, sitemaps, resumable)',
        example: 'quarry crawl https://example.com/ --max-pages 500 --depth 3 --same-host',
      },
      async () => (await import('./crawl.js')).crawlCommand(env),
    ),
    lazyCommand(
      {
        words: ['index', 'import'],
        summary: 'add pages to the local search index from WARC files or lists of URLs',
        example: 'quarry index import CC-MAIN-20240101-00000.warc.gz urls.txt',
      },
      async () => commandNamed(await localIndex(), ['index', 'import']),
    ),
    lazyCommand({ words: ['index', 'stats'], summary: 'show the size of the local search index', example: 'quarry index stats --json' }, async () =>
      commandNamed(await localIndex(), ['index', 'stats']),
    ),
    lazyCommand(
      {
        words: ['index', 'remove'],
        summary: 'remove a page, or every page of a site, from the local search index',
        example: 'quarry index remove --site example.com',
      },
      async () => commandNamed(await localIndex(), ['index', 'remove']),
    ),
    lazyCommand(
      { words: ['mcp'], summary: 'serve MCP over stdio for desktop clients (QUARRY_URL, QUARRY_API_KEY)', example: 'QUARRY_API_KEY=qk_... quarry mcp' },
      async () => (await import('../../mcp/index.js')).mcpCommand(env),
    ),
  ];
}

import type { CliCommand } from '../command.js';
import { indexCommands } from '../../local-index/index.js';
import { mcpCommand } from '../../mcp/index.js';
import { crawlCommand } from './crawl.js';
import { creditsAuditCommand } from './credits-audit.js';
import { creditsGrantCommand } from './credits-grant.js';
import { extractEntryCommand } from './extract-entry.js';
import { keysCreateCommand } from './keys-create.js';
import { mailListCommand } from './mail-list.js';
import { migrateCommand } from './migrate.js';
import { usersCreateCommand } from './users-create.js';
import { usersLockCommand, usersUnlockCommand } from './users-lock.js';

/**
 * The one table of `quarry` commands, in the order `quarry --help` lists them: dispatch and
 * help are both generated from it. Commands that parse their own words (crawl, index) read the
 * configuration from `env` when they run, so the table is built for an environment.
 */
export function cliCommands(env: NodeJS.ProcessEnv): readonly CliCommand[] {
  return [
    usersCreateCommand,
    usersLockCommand,
    usersUnlockCommand,
    keysCreateCommand,
    creditsGrantCommand,
    creditsAuditCommand,
    mailListCommand,
    migrateCommand,
    extractEntryCommand,
    crawlCommand(env),
    ...indexCommands(env),
    mcpCommand(env),
  ];
}

import type { CliCommand } from '../command.js';
import { creditsAuditCommand } from './credits-audit.js';
import { creditsGrantCommand } from './credits-grant.js';
import { extractEntryCommand } from './extract-entry.js';
import { keysCreateCommand } from './keys-create.js';
import { migrateCommand } from './migrate.js';
import { usersCreateCommand } from './users-create.js';
import { usersLockCommand, usersUnlockCommand } from './users-lock.js';

/** Every `quarry` command, in the order `quarry --help` lists them. */
export const COMMANDS: readonly CliCommand[] = [
  usersCreateCommand,
  usersLockCommand,
  usersUnlockCommand,
  keysCreateCommand,
  creditsGrantCommand,
  creditsAuditCommand,
  migrateCommand,
  extractEntryCommand,
];

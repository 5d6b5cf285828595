import type { StandaloneCommand } from '../command.js';

/** What `quarry --help` shows of a command, without loading it. */
export type CommandListing = Pick<StandaloneCommand, 'words' | 'summary' | 'example'>;

/**
 * A command listed by its words and summary whose module is imported only when it runs, so
 * that `quarry --help` and every other command do not load the crawler, the index or the MCP
 * SDK. `lazy.test.ts` checks that each listing matches the command it loads.
 */
export function lazyCommand(listing: CommandListing, load: () => Promise<StandaloneCommand>): StandaloneCommand & { load(): Promise<StandaloneCommand> } {
  return {
    kind: 'standalone',
    ...listing,
    load,
    async run(argv, io) {
      return (await load()).run(argv, io);
    },
  };
}

/** The command of `commands` named by `words`; a listing that names none is a programming error. */
export function commandNamed(commands: readonly StandaloneCommand[], words: readonly string[]): StandaloneCommand {
  const found = commands.find((command) => command.words.join(' ') === words.join(' '));
  if (!found) throw new Error(`no command "${words.join(' ')}"`);
  return found;
}

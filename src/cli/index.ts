/** What other features may use of src/cli: its public surface. */
export { COMMON_OPTIONS, type CommandArgs, parseCommandArgs } from './args.js';
export type { CliIo, CommandOutcome, OptionSpec, StandaloneCommand } from './command.js';
export { UsageError } from './errors.js';
export { commandName } from './help.js';
export { EXIT, printError, printOutcome } from './report.js';
export type { CliServices } from './services.js';

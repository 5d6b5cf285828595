import { describe, expect, it } from 'vitest';
import { cliCommands } from './commands/index.js';
import { runCli } from './run.js';
import { memoryIo } from './testing/memory-io.js';

// The dispatcher in-process, for the many usage cases; cli.*.test.ts run the real process.
// An environment whose database could never be opened proves usage errors stop before one is.
const UNOPENABLE = { NODE_ENV: 'test', DATA_DIR: '/dev/null/quarry', LOG_LEVEL: 'silent' };

async function quarry(args: string[], env: NodeJS.ProcessEnv = UNOPENABLE) {
  const { io, stdout, stderr } = memoryIo();
  const code = await runCli(args, { io, env });
  return { code, stdout: stdout(), stderr: stderr() };
}

describe('help', () => {
  for (const command of cliCommands(UNOPENABLE).filter((c) => c.kind === 'service')) {
    const name = command.words.join(' ');
    it(`quarry ${name} --help shows its synopsis, every option and an example`, async () => {
      const result = await quarry([...command.words, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: quarry ${name}`);
      for (const option of Object.keys(command.options)) expect(result.stdout).toContain(`--${option}`);
      expect(result.stdout).toContain('--json');
      expect(result.stdout).toContain(`Example:\n  quarry ${name}`);
    });
  }

  it('-h works like --help and ignores a half-typed command line', async () => {
    const result = await quarry(['credits', 'grant', '--amount', 'lots', '-h']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: quarry credits grant --email E --amount N [--note TEXT] [--idempotency-key K] [--json]');
  });

  it('lists the commands of a group', async () => {
    const result = await quarry(['users', '-h']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: quarry users <create|list|lock|unlock>');
    expect(result.stdout).not.toContain('credits grant');
  });
});

describe('usage errors exit 2 with one line on stderr', () => {
  const cases: [string, string[], string][] = [
    ['no command', [], 'quarry: missing command (see quarry --help)'],
    ['only --json', ['--json'], '{"error":"missing command"}'],
    ['an option in place of a command', ['--verbose'], 'quarry: unknown option --verbose (see quarry --help)'],
    ['an unknown command', ['frobnicate'], 'quarry: unknown command "frobnicate" (see quarry --help)'],
    [
      'an unknown subcommand',
      ['users', 'delete'],
      'quarry users: unknown command "users delete"; expected create, list, lock or unlock (see quarry users --help)',
    ],
    ['a missing subcommand', ['credits'], 'quarry credits: missing subcommand: grant, balance or audit (see quarry credits --help)'],
    ['a group with one command', ['mail', '--to', 'a@example.com'], 'quarry mail: missing subcommand: list (see quarry mail --help)'],
    ['a key revoke without its id', ['keys', 'revoke'], 'quarry keys revoke: missing ID (see quarry keys revoke --help)'],
    ['a key revoke with two ids', ['keys', 'revoke', '1', '2'], 'quarry keys revoke: unexpected argument "2" (see quarry keys revoke --help)'],
    ['a missing required option', ['users', 'lock'], 'quarry users lock: missing --email (see quarry users lock --help)'],
    [
      'no way to read a password',
      ['users', 'create', '--email', 'a@example.com'],
      'quarry users create: no password given: pipe it in with --password-stdin, or run in a terminal to be asked for it (see quarry users create --help)',
    ],
    [
      'a password on the command line',
      ['users', 'create', '--email', 'a@example.com', '--password', 'correct horse battery'],
      'quarry users create: unknown option --password (see quarry users create --help)',
    ],
    ['an unknown option', ['users', 'lock', '--email', 'a@example.com', '--force'], 'quarry users lock: unknown option --force (see quarry users lock --help)'],
    ['an unknown short option', ['users', 'lock', '-f'], 'quarry users lock: unknown option -f (see quarry users lock --help)'],
    ['an option without its value', ['keys', 'create', '--name', 'ci', '--email'], 'quarry keys create: --email needs a value (see quarry keys create --help)'],
    [
      'a value given to a flag',
      ['users', 'create', '--email', 'a@example.com', '--password-stdin', '--inactive=yes'],
      'quarry users create: --inactive takes no value (see quarry users create --help)',
    ],
    ['a stray argument', ['migrate', 'now'], 'quarry migrate: unexpected argument "now" (see quarry migrate --help)'],
    [
      'an amount with a fraction',
      ['credits', 'grant', '--email', 'a@example.com', '--amount', '1.5'],
      'quarry credits grant: --amount must be a whole number 1 or more, got "1.5" (see quarry credits grant --help)',
    ],
    [
      'a zero amount',
      ['credits', 'grant', '--email', 'a@example.com', '--amount', '0'],
      'quarry credits grant: --amount must be a whole number 1 or more, got "0" (see quarry credits grant --help)',
    ],
    [
      'a negative amount',
      ['credits', 'grant', '--email', 'a@example.com', '--amount=-5'],
      'quarry credits grant: --amount must be a whole number 1 or more, got "-5" (see quarry credits grant --help)',
    ],
    [
      'a dash-led value without =',
      ['credits', 'grant', '--email', 'a@example.com', '--amount', '-5'],
      'quarry credits grant: --amount needs a value (for a value starting with "-", write --amount=VALUE) (see quarry credits grant --help)',
    ],
    [
      'credits that are not a number',
      ['users', 'create', '--email', 'a@example.com', '--password-stdin', '--credits', 'lots'],
      'quarry users create: --credits must be a whole number 0 or more, got "lots" (see quarry users create --help)',
    ],
  ];
  for (const [what, args, message] of cases) {
    it(`for ${what}`, async () => {
      const result = await quarry(args);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).toBe(`${message}\n`);
    });
  }

  it('answers {"error": …} on stdout, nothing on stderr, with --json anywhere before --', async () => {
    const result = await quarry(['users', 'lock', '--json']);
    expect(result).toEqual({ code: 2, stdout: '{"error":"missing --email"}\n', stderr: '' });
  });
});

describe('failures after parsing', () => {
  it('exits 2 naming DATA_DIR when the generated secrets cannot be kept there', async () => {
    const result = await quarry(['migrate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^quarry migrate: configuration error: DATA_DIR: cannot (read|write) \/dev\/null\/quarry\/secrets.json: [^\n]+\n$/);
  });

  it('exits 1 with one line when the database cannot be opened', async () => {
    const result = await quarry(['migrate'], { ...UNOPENABLE, JWT_SIGNING_KEY: 'k'.repeat(32), KEY_ENCRYPTION_SECRET: 's'.repeat(32) });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^quarry migrate: [^\n]+\n$/);
  });

  it('exits 2 naming the variable for a bad configuration value', async () => {
    const result = await quarry(['credits', 'audit', '--json'], { ...UNOPENABLE, PAGE_SIZE: '0' });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({ error: 'configuration error: PAGE_SIZE: expected a number from 1 to 1000, got 0', variable: 'PAGE_SIZE' });
  });
});

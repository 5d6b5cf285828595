import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommands } from './commands/index.js';
import { jsonOf, runCliProcess } from '../../tests/support/cli-process.js';

// The real process, for what only a process shows: exit codes, stream separation, the bin shim.
// None of these reach a database: usage and configuration errors stop before one is opened.
let dataDir: string;
let env: Record<string, string>;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-cli-usage-'));
  env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const quarry = (args: string[], extraEnv: Record<string, string> = {}) => runCliProcess(args, { ...env, ...extraEnv });

// Up to nine processes start at once; on a busy shared machine each can take several seconds.
describe.concurrent('the quarry process', { timeout: 60_000 }, () => {
  it('lists every command with --help and exits 0', async () => {
    const result = await quarry(['--help']);
    expect(result.code).toBe(0);
    for (const command of cliCommands(env)) expect(result.stdout).toContain(command.words.join(' '));
  });

  it('is reached through the bin shim too', async () => {
    const result = await runCliProcess(['migrate', '--help'], env, { entry: fileURLToPath(new URL('../../bin/quarry.js', import.meta.url)) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: quarry migrate [--json]');
  });

  it('reads ./.env through the bin, with the environment winning over the file', async () => {
    const bin = fileURLToPath(new URL('../../bin/quarry.js', import.meta.url));
    const folder = mkdtempSync(join(tmpdir(), 'quarry-dotenv-'));
    try {
      writeFileSync(join(folder, '.env'), `# a comment\nDATA_DIR=${dataDir}\nPORT=eighty\n`);
      const fromFile = await runCliProcess(['migrate'], { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { entry: bin, cwd: folder });
      expect(fromFile).toEqual({ code: 2, stdout: '', stderr: 'quarry migrate: configuration error: PORT: expected a whole number, got "eighty"\n' });
      const fromEnv = await runCliProcess(['migrate'], { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: 'ninety' }, { entry: bin, cwd: folder });
      expect(fromEnv.stderr).toBe('quarry migrate: configuration error: PORT: expected a whole number, got "ninety"\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('exits 2 with one line on stderr for a usage error', async () => {
    const result = await quarry(['users', 'lock']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'quarry users lock: missing --email (see quarry users lock --help)\n' });
  });

  it('never takes a password from the command line, and asks for one only on a terminal', async () => {
    const onArgv = await quarry(['users', 'create', '--email', 'a@example.com', '--password', 'correct horse battery']);
    expect(onArgv).toEqual({ code: 2, stdout: '', stderr: 'quarry users create: unknown option --password (see quarry users create --help)\n' });
    // stdin is a pipe here, not a terminal: no prompt, a usage error naming the way that works.
    const piped = await quarry(['users', 'create', '--email', 'a@example.com']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('--password-stdin');
  });

  it('exits 2 with {"error": …} on stdout for a usage error with --json', async () => {
    const result = await quarry(['credits', 'grant', '--json', '--email', 'a@example.com', '--amount', 'ten']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('');
    expect(jsonOf(result)).toEqual({ error: '--amount must be a whole number 1 or more, got "ten"' });
  });

  it('exits 2 with one line naming the variable for a bad configuration value', async () => {
    const result = await quarry(['migrate'], { PORT: 'eighty' });
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'quarry migrate: configuration error: PORT: expected a whole number, got "eighty"\n' });
  });

  it('names the variable in the JSON error with --json', async () => {
    const result = await quarry(['credits', 'audit', '--json'], { DATABASE_URL: 'mysql://127.0.0.1/quarry' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('');
    expect(jsonOf(result)).toMatchObject({ error: expect.stringContaining('DATABASE_URL'), variable: 'DATABASE_URL' });
  });

  it('runs the extraction command on a saved page', async () => {
    const page = join(dataDir, 'page.html');
    writeFileSync(
      page,
      '<html><head><title>Saved</title></head><body><article><h2>Operator notes</h2><p>The operator CLI extracts saved pages into clean Markdown, keeping headings and paragraphs intact for later reading.</p></article></body></html>',
    );
    const result = await quarry(['extract', '--format', 'markdown', page]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The operator CLI extracts saved pages into clean Markdown');
  });

  it('passes the extraction command its usage errors, with exit 2', async () => {
    const result = await quarry(['extract']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no input file given');
  });
});

import type { CliIo } from './command.js';
import { UsageError } from './errors.js';

/** Far more than any password; a larger stdin is a mistake (a file piped in), not a password. */
const MAX_PASSWORD_BYTES = 4096;

/** Refuses, before any work, a password that could be neither piped in nor asked for. */
export function checkPasswordSource(io: CliIo, fromStdin: boolean): void {
  if (fromStdin ? !io.stdin : !canPrompt(io)) throw new UsageError(fromStdin ? NO_STDIN : NO_PASSWORD);
}

const NO_STDIN = '--password-stdin: no standard input to read';
const NO_PASSWORD = 'no password given: pipe it in with --password-stdin, or run in a terminal to be asked for it';
const canPrompt = (io: CliIo) => io.stdin?.isTTY === true && typeof io.stdin.setRawMode === 'function';

/**
 * Reads a password the way scripts and people can give one without it showing up in `ps` or
 * the shell history: all of stdin with `--password-stdin` (one trailing newline dropped, as
 * `echo` adds one), else a prompt without echo when stdin is a terminal. Never from argv.
 */
export async function readPassword(io: CliIo, fromStdin: boolean): Promise<string> {
  const stdin = io.stdin;
  if (fromStdin) {
    if (!stdin) throw new UsageError(NO_STDIN);
    const text = await readAll(stdin);
    const password = text.replace(/\r?\n$/, '');
    if (password === '') throw new UsageError('--password-stdin: standard input was empty');
    return password;
  }
  if (stdin && canPrompt(io)) return prompt(io, stdin as PromptInput);
  throw new UsageError(NO_PASSWORD);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_PASSWORD_BYTES) throw new UsageError(`--password-stdin: more than ${MAX_PASSWORD_BYTES} bytes on standard input`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type PromptInput = NodeJS.ReadableStream & { setRawMode(mode: boolean): unknown };

/**
 * Asks on stderr (stdout stays for the result) and reads one line in raw mode, so nothing is
 * echoed. Raw mode and the listener are in place before the prompt shows: a reply typed (or
 * pasted) the moment it appears must not be echoed or lost.
 */
function prompt(io: CliIo, stdin: PromptInput): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(typed === '' ? new UsageError('no password typed') : undefined);
        if (char === '\u0003') return finish(new UsageError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
    io.stderr.write('Password: ');
  });
}

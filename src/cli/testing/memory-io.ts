import { PassThrough } from 'node:stream';
import type { CliIo } from '../command.js';

/** A CliIo whose streams are kept in memory, for running `runCli` inside a test. */
export function memoryIo(): { io: CliIo; stdout(): string; stderr(): string } {
  const collect = () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
  };
  const out = collect();
  const err = collect();
  return { io: { stdout: out.stream, stderr: err.stream, isTTY: false }, stdout: out.text, stderr: err.text };
}

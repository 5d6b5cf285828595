/**
 * Several chat models for tests: a models file written to a temporary folder, the loopback fake
 * upstreams behind it, an address where nothing listens (a connection that fails), and the log
 * lines the app writes (to see what an operator sees of an upstream's failures).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { stringify as toYaml } from 'yaml';

/** One entry of a models file, in the file's own field names. */
export interface ModelEntry {
  id: string;
  upstream_url: string;
  upstream_model: string;
  api_key_env?: string;
  prompt_price_per_1k: number;
  completion_price_per_1k: number;
  images?: boolean;
  tools?: boolean;
  context_length: number;
  max_completion_tokens?: number;
  fallbacks?: string[];
}

/** Writes a models file (`.json` or `.yaml`) and returns its path. */
export function writeModelsFile(document: unknown, format: 'json' | 'yaml' = 'yaml'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'quarry-models-')), `models.${format}`);
  writeFileSync(file, format === 'json' ? JSON.stringify(document, null, 2) : toYaml(document));
  return file;
}

/** A loopback base URL nothing listens on (its port was free a moment ago): connecting fails at once. */
export async function deadUpstreamUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v1`;
}

/** The app's JSON log lines, parsed, as a pino destination collects them. */
export interface LogCapture {
  readonly destination: DestinationStream;
  readonly lines: Record<string, unknown>[];
  /** The lines with this `msg`. */
  about(message: string): Record<string, unknown>[];
}

export function captureLog(): LogCapture {
  const lines: Record<string, unknown>[] = [];
  return {
    destination: {
      write(chunk: string) {
        for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
    lines,
    about: (message) => lines.filter((line) => line.msg === message),
  };
}

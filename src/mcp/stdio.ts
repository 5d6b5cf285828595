/**
 * `quarry mcp`: the MCP server over stdio for desktop clients (Claude Desktop, Cursor…). It holds
 * no database: every tool calls the Quarry REST API at `QUARRY_URL` with `QUARRY_API_KEY`, so the
 * credits, throttles and ledger are those of that server. stdout carries only MCP frames.
 */
import type { Readable, Writable } from 'node:stream';
import { httpRest } from '../compat/index.js';
import { restBackend } from './backend.js';
import { DEFAULT_PRICES_NOTE, DEFAULT_TOOL_PRICES } from './tool-prices.js';
import { toolDefinitions } from './tools.js';

export const DEFAULT_QUARRY_URL = 'http://127.0.0.1:8000';

export interface StdioSettings {
  readonly url: string;
  readonly apiKey: string;
}

/** `QUARRY_URL` and `QUARRY_API_KEY` from the environment the entry point hands in; throws a readable Error. */
export function stdioSettings(env: Readonly<Record<string, string | undefined>>): StdioSettings {
  const apiKey = env.QUARRY_API_KEY?.trim() ?? '';
  if (apiKey === '') throw new Error('QUARRY_API_KEY is not set: the MCP server calls Quarry with that API key');
  const url = env.QUARRY_URL?.trim() || DEFAULT_QUARRY_URL;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`QUARRY_URL must be an http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`QUARRY_URL must be an http(s) URL, got "${url}"`);
  return { url, apiKey };
}

/** Serves MCP on the given streams until the input ends. */
export async function serveStdio(settings: StdioSettings, stdin: Readable, stdout: Writable): Promise<void> {
  // Loaded by this command only, not by every `quarry` command.
  const [{ StdioServerTransport }, { createMcpServer }] = await Promise.all([import('@modelcontextprotocol/sdk/server/stdio.js'), import('./server.js')]);
  // This process knows nothing of the server's prices: the descriptions state the defaults, and say so.
  const server = createMcpServer(restBackend(httpRest(settings.url), settings.apiKey), toolDefinitions(DEFAULT_TOOL_PRICES, DEFAULT_PRICES_NOTE));
  const closed = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(stdin, stdout));
  await closed;
  await server.close();
}

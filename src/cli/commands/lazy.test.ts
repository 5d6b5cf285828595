import { describe, expect, it } from 'vitest';
import type { StandaloneCommand } from '../command.js';
import { cliCommands } from './index.js';

// A command of another feature is listed in the table by hand so that help need not load it;
// the listing must say what the command itself says.
const lazy = cliCommands({}).filter((command): command is StandaloneCommand & { load(): Promise<StandaloneCommand> } => 'load' in command);

describe('the commands the table loads only when they run', () => {
  it('are the crawler, the index and MCP', () => {
    expect(lazy.map((command) => command.words.join(' '))).toEqual(['crawl', 'index import', 'index stats', 'index remove', 'mcp']);
  });

  for (const listing of lazy) {
    it(`quarry ${listing.words.join(' ')} is listed with its own words, summary and example`, async () => {
      const command = await listing.load();
      expect({ words: listing.words, summary: listing.summary, example: listing.example }).toEqual({
        words: command.words,
        summary: command.summary,
        example: command.example,
      });
    });
  }
});

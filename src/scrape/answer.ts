import type { ScrapeMetadata } from './schemas.js';
import type { ScrapeResult } from './service.js';

/** The answer of `POST /api/v1/scrape/` for a scrape (the MCP `scrape` tool answers the same). */
export function scrapeAnswer(result: ScrapeResult, perRequest: Pick<ScrapeMetadata, 'cache' | 'source_url'>) {
  // Results cached before `warnings` existed have none: the field is required in the answer.
  const warnings = result.data.metadata.warnings ?? [];
  return { success: true, data: { ...result.data, metadata: { ...result.data.metadata, warnings, ...perRequest } } };
}

/**
 * Quarry's REST rendering of search results, for a surface that answers in the REST API's own
 * shape (MCP's `search` tool) or shows its relative dates (Firecrawl's). Apart from the search core's index (src/search/index.ts), which the
 * use cases import: the renderer reads the use cases' result types.
 */
export { answerHeaders, renderCombined } from '../routes-render.js';
/** The date an item shows, for a surface that shows Quarry's relative dates (Firecrawl's news). */
export { shownItem } from '../shown-date.js';

/**
 * Quarry's REST rendering of search results, for a surface that answers in the REST API's own
 * shape (MCP's `search` tool). Apart from the search core's index (src/search/index.ts), which the
 * use cases import: the renderer reads the use cases' result types.
 */
export { answerHeaders, renderCombined } from '../routes-render.js';

/**
 * The prices the tool descriptions state, read from the configuration (`PRICE_SEARCH_SOURCE`,
 * `PRICE_SCRAPE`, `PRICE_SCRAPE_BROWSER`, and the default chat model's token prices for
 * `answer`). `quarry mcp` over stdio has no server configuration: it states the defaults and says so.
 */
import { SETTINGS, type Config } from '../config/index.js';

export interface ToolPrices {
  /** One source of a search. */
  readonly searchSource: number;
  /** One page read (a map's page, and its sitemap). */
  readonly scrape: number;
  /** Added when a scrape needed the browser. */
  readonly scrapeBrowser: number;
  /** The tokens of an answer: credits per 1,000 at the model that writes it; unknown over stdio. */
  readonly answerTokens?: { readonly promptPer1k: number; readonly completionPer1k: number };
}

export function toolPrices(config: Pick<Config, 'priceSearchSource' | 'priceScrape' | 'priceScrapeBrowser'>): ToolPrices {
  return { searchSource: config.priceSearchSource, scrape: config.priceScrape, scrapeBrowser: config.priceScrapeBrowser };
}

/** The prices of a server that sets none. */
export const DEFAULT_TOOL_PRICES: ToolPrices = toolPrices({
  priceSearchSource: SETTINGS.priceSearchSource.parse(undefined),
  priceScrape: SETTINGS.priceScrape.parse(undefined),
  priceScrapeBrowser: SETTINGS.priceScrapeBrowser.parse(undefined),
});

/** What stdio's descriptions add after each price: the server it calls may set its own. */
export const DEFAULT_PRICES_NOTE = " at Quarry's default prices (the server may set others)";

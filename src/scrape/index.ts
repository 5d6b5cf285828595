/** What other features may use of src/scrape: its public surface. */
export { fetchEngineOptions } from './engine-options.js';
export { scrapeErrorMapper } from './error-map.js';
export { ScrapeError, browserNotInstalledError, targetStatusError } from './errors.js';
export { decodeText, parseContentType } from './net/charset.js';
export type { OffloadPool } from './offload/pool.js';
export { scrapeAnswer } from './answer.js';
export { MAX_URL_LENGTH, type RenderMode, SCRAPE_FORMATS, type ScrapeFormat } from './schemas.js';
export { type ScrapeInput, parseScrapeRequest } from './scrape-request.js';
export type { ScrapedPage } from './scraped-page.js';
export type { ScrapeBilling, ScrapeResult, ScrapeService, ScrapeWithPage, ScrapeWithScreenshot, ScrapedData } from './service.js';
export { screenshotNeedsBrowserMessage } from './screenshots/unavailable.js';
export { DEFAULT_VIEWPORT, SCREENSHOT_LIMITS, type CapturedScreenshot, type ScreenshotSpec, type ScreenshotStore } from './screenshots/index.js';
export { type BatchStore, createBatchStore } from './batch-store.js';

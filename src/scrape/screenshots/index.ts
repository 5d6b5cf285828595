/** Pictures of rendered pages: what a request asks for, and where the images wait for their clients. */
export { createScreenshotStore, SCREENSHOTS_PATH, type ScreenshotStore, type StoredScreenshot } from './store.js';
export { DEFAULT_VIEWPORT, SCREENSHOT_LIMITS, type CapturedScreenshot, type ScreenshotSpec, type ScreenshotType, type Viewport } from './spec.js';

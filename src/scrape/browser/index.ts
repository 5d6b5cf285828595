/** Rendering pages that need JavaScript, and the detectors that say when to. */
export { createBrowserEngine, type BrowserEngine, type BrowserEngineOptions, type RenderOptions, type RenderedPage } from './browser-engine.js';
export { looksLikeChallenge, looksLikeScriptShell } from './detectors.js';
export { findChromium } from './chromium-launch.js';

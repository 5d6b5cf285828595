/**
 * What a screenshot is asked to be, and the bounds that keep its cost in check: the viewport is
 * capped both ways, a full page is cut at `fullPageMaxHeight`, and an image bigger than `maxBytes`
 * once encoded is refused rather than stored.
 */
export const SCREENSHOT_LIMITS = {
  minWidth: 320,
  maxWidth: 3840,
  minHeight: 240,
  maxHeight: 2160,
  /** A full-page screenshot shows at most this many pixels of the page's height. */
  fullPageMaxHeight: 16_384,
  /** The encoded image at most (PNG or JPEG); it is kept in the result cache until it expires. */
  maxBytes: 10 * 1024 * 1024,
} as const;

/** The page's size in the browser when the request names none: the one every render uses. */
export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 720 };

export const SCREENSHOT_TYPES = ['png', 'jpeg'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface ScreenshotSpec {
  /** The whole scrollable page (cut at `fullPageMaxHeight`) instead of the viewport. */
  readonly fullPage: boolean;
  readonly type: ScreenshotType;
  /** JPEG quality 1–100; PNG is lossless and has none. */
  readonly quality?: number;
  readonly viewport: Viewport;
}

/** The image the browser took. */
export interface CapturedScreenshot {
  readonly type: ScreenshotType;
  readonly bytes: Buffer;
}

/** Where a full-page screenshot is cut: the viewport's width, and at most `fullPageMaxHeight` of the page. */
export function fullPageClip(viewport: Viewport) {
  return { x: 0, y: 0, width: viewport.width, height: SCREENSHOT_LIMITS.fullPageMaxHeight };
}

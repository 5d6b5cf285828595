import { InvalidInputError } from '../../errors.js';
import type { ScrapeRequestBody } from '../schemas.js';
import { DEFAULT_VIEWPORT, type ScreenshotSpec } from './spec.js';

/** JPEG quality when the request names none. */
const DEFAULT_JPEG_QUALITY = 80;

/**
 * The screenshot a native scrape request asks for, or undefined. Refuses (400, DRF-style) what the
 * schema cannot: `screenshot_options` without the format, `quality` on a PNG, and a screenshot
 * with `render: "never"`.
 */
export function screenshotSpecOf(body: Pick<ScrapeRequestBody, 'formats' | 'screenshot_options' | 'render'>): ScreenshotSpec | undefined {
  const options = body.screenshot_options;
  if (!body.formats.includes('screenshot')) {
    if (options === undefined) return undefined;
    throw InvalidInputError.field(
      'screenshot_options',
      'screenshot_options applies to the screenshot format: add "screenshot" to formats, or leave screenshot_options out.',
    );
  }
  if (body.render === 'never') {
    throw InvalidInputError.field('render', 'A screenshot needs the page rendered in the headless browser: leave render out or set it to "always".');
  }
  const type = options?.format ?? 'png';
  if (type === 'png' && options?.quality !== undefined) {
    throw new InvalidInputError({ screenshot_options: { quality: ['quality applies to JPEG only: set format to "jpeg", or leave quality out.'] } });
  }
  return {
    fullPage: options?.full_page ?? false,
    type,
    ...(type === 'jpeg' ? { quality: options?.quality ?? DEFAULT_JPEG_QUALITY } : {}),
    viewport: options?.viewport ?? DEFAULT_VIEWPORT,
  };
}

/**
 * Firecrawl's screenshot formats as Quarry's screenshot: v1 `screenshot` and `screenshot@fullPage`,
 * v2 `{"type": "screenshot", "fullPage"?, "quality"?, "viewport"?}`. A `quality` asks for a JPEG
 * (PNG has none); otherwise the picture is a PNG. Out-of-range values answer Firecrawl's 400 naming them.
 */
import { DEFAULT_VIEWPORT, SCREENSHOT_LIMITS, type ScreenshotSpec } from '../../scrape/index.js';
import { unknownKeys } from '../error-text.js';
import { badRequest } from './errors.js';

export const SCREENSHOT_FORMATS = ['screenshot', 'screenshot@fullPage'] as const;

export const isScreenshotFormat = (type: unknown): boolean => (SCREENSHOT_FORMATS as readonly unknown[]).includes(type);

const isInteger = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The screenshot one entry of `formats` (`field`) asks for. */
export function screenshotSpecOf(spec: string | { readonly type: string; readonly [key: string]: unknown }, field: string): ScreenshotSpec {
  if (typeof spec === 'string') return { fullPage: spec === 'screenshot@fullPage', type: 'png', viewport: DEFAULT_VIEWPORT };
  const unknown = unknownKeys(spec, new Set(['type', 'fullPage', 'quality', 'viewport']));
  if (unknown.length > 0) throw badRequest(`Unrecognized key in body: ${unknown.map((key) => `${field}.${key}`).join(', ')}`);
  const { fullPage, quality, viewport } = spec;
  if (fullPage !== undefined && typeof fullPage !== 'boolean') throw badRequest(`${field}.fullPage: must be a boolean`);
  if (quality !== undefined && !isInteger(quality, 1, 100)) throw badRequest(`${field}.quality: must be an integer from 1 to 100`);
  return {
    fullPage: fullPage === true || spec.type === 'screenshot@fullPage',
    ...(quality === undefined ? { type: 'png' as const } : { type: 'jpeg' as const, quality }),
    viewport: viewport === undefined ? DEFAULT_VIEWPORT : viewportOf(viewport, `${field}.viewport`),
  };
}

function viewportOf(value: unknown, field: string) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${field}: must be an object with width and height`);
  const { width, height } = value as Record<string, unknown>;
  const { minWidth, maxWidth, minHeight, maxHeight } = SCREENSHOT_LIMITS;
  if (!isInteger(width, minWidth, maxWidth)) throw badRequest(`${field}.width: must be an integer from ${minWidth} to ${maxWidth}`);
  if (!isInteger(height, minHeight, maxHeight)) throw badRequest(`${field}.height: must be an integer from ${minHeight} to ${maxHeight}`);
  return { width, height };
}

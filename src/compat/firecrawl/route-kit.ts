/** What every Firecrawl-compatible route shares: the key in `Authorization: Bearer`, tags, error answers (rendered by the scope's error handler, errors.ts). */
import { Type } from '@sinclair/typebox';
import { FirecrawlError } from './schemas.js';
import type { Metering } from '../../credits/index.js';

export const firecrawlTags = ['firecrawl'];
/** The key as `Authorization: Bearer <Quarry API key>` (the `BearerApiKey` scheme of the OpenAPI document). */
export const firecrawlSecurity = [{ BearerApiKey: [] }];

const error = Type.Ref(FirecrawlError);
export const firecrawlErrors = {
  400: error,
  401: error,
  402: error,
  404: error,
  408: error,
  415: error,
  429: error,
  500: error,
  502: error,
  503: error,
  504: error,
};

/** Hooks of a metered JSON route: API key (`Authorization: Bearer` or `X-API-KEY`) → throttle; JSON bodies only. */
export function postHooks(metering: Metering) {
  return { onRequest: metering.hooks.onRequest, preValidation: metering.hooks.preValidation };
}

/** Hooks of a route without a body (crawl status, cancel): authenticated and throttled. */
export function readHooks(metering: Metering) {
  return { onRequest: metering.hooks.onRequest };
}

export type FirecrawlVersion = 'v1' | 'v2';
export const VERSIONS: readonly FirecrawlVersion[] = ['v1', 'v2'];

import { ChangeOptionError, changeTrackingOptions, type ChangeTrackingOptions } from '../changes/index.js';
import { InvalidInputError } from '../errors.js';
import type { ScrapeRequestBody } from './schemas.js';

/**
 * The change tracking a scrape request asks for, or undefined. Refuses (400, DRF-style under
 * `change_tracking`) options without the `changeTracking` format and options that cannot be used
 * (the `json` mode, not available yet), before anything is held. Native default mode: `git-diff`.
 */
export function changeTrackingOf(body: Pick<ScrapeRequestBody, 'formats' | 'change_tracking'>): ChangeTrackingOptions | undefined {
  if (!body.formats.includes('changeTracking')) {
    if (body.change_tracking === undefined) return undefined;
    throw InvalidInputError.field(
      'change_tracking',
      'change_tracking applies to the changeTracking format: add "changeTracking" to formats, or leave change_tracking out.',
    );
  }
  try {
    return changeTrackingOptions(body.change_tracking ?? {}, ['git-diff']);
  } catch (error) {
    if (error instanceof ChangeOptionError) throw new InvalidInputError({ change_tracking: { [error.field]: [error.message] } });
    throw error;
  }
}

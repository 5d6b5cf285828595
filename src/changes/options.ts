/**
 * Change-tracking options as both surfaces take them (native `change_tracking`, Firecrawl's format
 * object or v1 `changeTrackingOptions`), checked once: a problem names the option's own field.
 */
import { CHANGE_MODES, type ChangeMode } from './compare.js';

/** Longest tag: a label the client chooses, not a document. */
export const MAX_TAG_LENGTH = 256;

export interface ChangeTrackingOptions {
  readonly modes: readonly ChangeMode[];
  /** '' when none: snapshots with no tag are one series, each tag another. */
  readonly tag: string;
}

/** An option that cannot be used: `field` is the option's name (`modes`, `tag`, `schema`…). */
export class ChangeOptionError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChangeOptionError';
  }
}

const JSON_MODE_UNAVAILABLE = 'the "json" mode (fields extracted by a chat model and compared) is not available yet; use "git-diff", or leave modes out';

/** Reads `{modes?, tag?, schema?, prompt?}`; `defaultModes` when `modes` is absent (the surfaces differ). */
export function changeTrackingOptions(raw: Record<string, unknown>, defaultModes: readonly ChangeMode[]): ChangeTrackingOptions {
  const { modes = defaultModes, tag = null, schema, prompt } = raw;
  if (!Array.isArray(modes) || modes.some((mode) => !(CHANGE_MODES as readonly unknown[]).includes(mode))) {
    throw new ChangeOptionError('modes', `must be a list of ${CHANGE_MODES.map((mode) => `"${mode}"`).join(', ')}`);
  }
  if (modes.includes('json')) throw new ChangeOptionError('modes', JSON_MODE_UNAVAILABLE);
  // A schema or prompt is what the json mode extracts by: without it they would be ignored.
  if (schema !== undefined && schema !== null) throw new ChangeOptionError('schema', 'applies to the "json" mode, which is not available yet');
  if (prompt !== undefined && prompt !== null) throw new ChangeOptionError('prompt', 'applies to the "json" mode, which is not available yet');
  if (tag !== null && (typeof tag !== 'string' || tag.length > MAX_TAG_LENGTH)) {
    throw new ChangeOptionError('tag', `must be a string of at most ${MAX_TAG_LENGTH} characters`);
  }
  return { modes: [...new Set(modes as ChangeMode[])], tag: tag ?? '' };
}

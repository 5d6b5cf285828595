import { InvalidInputError } from '../errors.js';
import { jsonTask, TaskOptionError, type PageTask } from '../extraction/index.js';
import type { ScrapeFormat, ScrapeRequestBody } from './schemas.js';

/**
 * What a scrape request asks a model (`summary`; `json` with `json_options`), in a fixed order; empty
 * when nothing. Refuses (400, DRF-style under `json_options`) options that cannot be used, before
 * anything is held: `json_options` without the `json` format, a schema that is not an object, too
 * big or not compilable, a prompt too long, neither a schema nor a prompt.
 */
export function pageTasksOf(body: Pick<ScrapeRequestBody, 'formats' | 'json_options'>): PageTask[] {
  const tasks: PageTask[] = [];
  if (body.json_options !== undefined) {
    if (!body.formats.includes('json')) {
      throw InvalidInputError.field('json_options', 'json_options applies to the json format: add "json" to formats, or leave json_options out.');
    }
    try {
      tasks.push(jsonTask(body.json_options));
    } catch (error) {
      if (error instanceof TaskOptionError) throw new InvalidInputError({ json_options: { [error.field]: [error.message] } });
      throw error;
    }
  }
  if (body.formats.includes('summary')) tasks.push({ kind: 'summary' });
  return tasks;
}

/** The page formats a scrape with model tasks reads: the asked ones the model does not write, and the Markdown the model reads. */
export function pageFormatsFor(body: Pick<ScrapeRequestBody, 'formats' | 'json_options'>): ScrapeFormat[] {
  const asked = body.formats.filter(
    (format): format is ScrapeFormat =>
      format !== 'summary' && format !== 'screenshot' && format !== 'changeTracking' && !(format === 'json' && body.json_options !== undefined),
  );
  return [...new Set<ScrapeFormat>(['markdown', ...asked])];
}

// Module customization hooks (they run on Node's loader thread): append each resolved URL.
import { appendFileSync } from 'node:fs';
import process from 'node:process';

const LOG = process.env.QUARRY_LOAD_LOG;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (LOG) appendFileSync(LOG, `${resolved.url}\n`);
  return resolved;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/secrets.js';
import { createLogger } from '../src/logging.js';

/** Where the dashboard's typed API client reads its types from. */
export const API_TYPES_FILE = join(import.meta.dirname, '..', 'web', 'src', 'api', 'schema.d.ts');

const HEADER = "/* Generated from Quarry's OpenAPI document by `npm run web:api`; do not edit. */\n\n";

/**
 * Builds the app in-process on a throwaway SQLite data dir, takes its OpenAPI document and turns
 * it into TypeScript types with openapi-typescript, so the dashboard and the API cannot drift.
 */
export async function generateApiTypes(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-openapi-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const quarry = await createApp(config, { logger: createLogger('silent'), webRoot: join(dataDir, 'no-dashboard') });
    try {
      const document = quarry.app.swagger() as Parameters<typeof openapiTS>[0];
      return HEADER + astToString(await openapiTS(document, { alphabetize: true, defaultNonNullable: false }));
    } finally {
      await quarry.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

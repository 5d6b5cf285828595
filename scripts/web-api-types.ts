/** Regenerates web/src/api/schema.d.ts from the app's OpenAPI document: `npm run web:api`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { API_TYPES_FILE, generateApiTypes } from './api-types.js';

const types = await generateApiTypes();
mkdirSync(dirname(API_TYPES_FILE), { recursive: true });
writeFileSync(API_TYPES_FILE, types);
console.log(`wrote ${API_TYPES_FILE}`);

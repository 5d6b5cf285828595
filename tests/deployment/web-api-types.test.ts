import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../scripts/api-types.js';

describe('the dashboard API client types', () => {
  it('match the OpenAPI document of the app (run `npm run web:api` when this fails)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const fresh = await generateApiTypes();
    expect(fresh).toContain('"/api/v1/auth/users/reset_password_confirm/"');
    expect(committed === fresh, 'web/src/api/schema.d.ts is stale: run `npm run web:api`').toBe(true);
  }, 60_000);
});

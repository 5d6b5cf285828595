#!/usr/bin/env node
// `npm run dev`: the service from the TypeScript sources under `tsx watch`, which restarts it when
// a source changes. Settings from the environment and ./.env, as `npm start`.
import { loadDotEnv } from './env-file.js';

loadDotEnv();
await import('../src/main.ts');

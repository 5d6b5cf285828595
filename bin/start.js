#!/usr/bin/env node
// `npm start` and the container's command: the HTTP service, with settings from the environment
// and ./.env when present.
import { register } from 'tsx/esm/api';
import { loadDotEnv } from './env-file.js';

loadDotEnv();
register();
await import('../src/main.ts');

#!/usr/bin/env node
// The `quarry` bin (`npx quarry …` in a checkout, `quarry …` in the container): the CLI is
// TypeScript, run through tsx's loader. Settings come from the environment and ./.env.
import { register } from 'tsx/esm/api';
import { loadDotEnv } from './env-file.js';

loadDotEnv();
register();
await import('../src/cli/main.ts');

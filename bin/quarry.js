#!/usr/bin/env node
// The `quarry` bin (`npx quarry …` in a checkout, `quarry …` in the container). It runs the
// compiled CLI of dist/ when that build is current; in a checkout whose sources changed since,
// it runs them through tsx's loader rather than make a one-off command wait for a full build.
// Settings come from the environment and ./.env.
import { serverBuildIsStale } from './build.js';
import { loadDotEnv } from './env-file.js';

loadDotEnv();
if (serverBuildIsStale()) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  await import('../dist/cli/main.js');
}

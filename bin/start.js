#!/usr/bin/env node
// `npm start` and the container's command: the HTTP service, with settings from the environment
// and ./.env when present. It runs the compiled JavaScript of dist/ (nothing is compiled at
// start); a missing or stale build (sources changed since) is rebuilt first. The server runs in
// this process, not a child: SIGTERM and SIGINT reach it directly, and its exit code is ours
// (`npm start` runs `exec node bin/start.js`, so npm's shell does not stand in between).
import { buildIfStale } from './build.js';
import { loadDotEnv } from './env-file.js';

loadDotEnv();
await buildIfStale();
await import('../dist/main.js');

#!/usr/bin/env node
// The `quarry` bin of an installed checkout: the CLI is TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');

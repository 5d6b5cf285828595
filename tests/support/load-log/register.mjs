// `node --import ./tests/support/load-log/register.mjs …`: records the URL of every ES module the
// process resolves into the file named by QUARRY_LOAD_LOG, so a test can tell what a start loaded
// (our TypeScript through tsx, or the compiled JavaScript of dist/).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);

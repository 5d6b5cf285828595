/**
 * Builds the dashboard into web/dist: `npm run build:web`. With `--if-stale` (prepare, prestart)
 * it builds only when web/dist is missing or older than the sources, so `npm start` stays fast.
 */
import { buildWeb, ensureWebBuild } from '../src/web/build.js';

// Vite makes a development bundle (JSX dev runtime) unless NODE_ENV is production; `npm start`
// under NODE_ENV=development, or a test runner's NODE_ENV=test, must still ship the real one.
process.env.NODE_ENV = 'production';

const ifStale = process.argv.includes('--if-stale');
if (ifStale) {
  if (await ensureWebBuild()) console.log('dashboard built into web/dist');
} else {
  await buildWeb();
  console.log('dashboard built into web/dist');
}

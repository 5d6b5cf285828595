/**
 * A real Quarry process with the metered test endpoint, for tests that need several
 * processes or a SIGKILL: configured from the environment like `npm start`, prints
 * `listening <url>` on stdout once it serves.
 */
import { createApp, defaultFeatures } from '../../src/app.js';
import { loadConfig } from '../../src/config/secrets.js';
import { createLogger } from '../../src/logging.js';
import { meteredTestFeature } from './metered-feature.js';

const config = loadConfig(process.env);
const quarry = await createApp(config, {
  logger: createLogger(config.logLevel),
  features: (parts) => [...defaultFeatures(parts), meteredTestFeature().feature(parts)],
});
const url = await quarry.app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${url}\n`);
process.on('SIGTERM', () => void quarry.close().then(() => process.exit(0)));

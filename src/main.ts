import { createApp } from './app.js';
import { ConfigError } from './config/index.js';
import { loadConfig } from './config/secrets.js';
import { createProcessLogger } from './logging.js';
import { STARTUP_MESSAGE, startupSummary } from './startup-summary.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`quarry: invalid configuration: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const { logger, format } = createProcessLogger(config);
  const quarry = await createApp(config, { logger });
  await quarry.app.listen({ host: config.host, port: config.port });
  const address = quarry.app.server.address();
  const listening = typeof address === 'object' && address !== null ? { host: address.address, port: address.port } : { host: config.host, port: config.port };
  const summary = startupSummary(config, listening, await quarry.searchReadiness());
  // A person reads the facts as lines; a machine reads them as fields (never both in one line).
  if (format === 'pretty') logger.info(summary.lines.join('\n'));
  else logger.info(summary.fields, STARTUP_MESSAGE);

  let stopping = false;
  const stop = (signal: string) => {
    // A second signal while in-flight requests finish: the operator wants it gone now.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    quarry.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('quarry: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

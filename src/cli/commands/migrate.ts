import type { ServiceCommand } from '../command.js';

export const migrateCommand: ServiceCommand = {
  kind: 'service',
  words: ['migrate'],
  summary: 'apply pending database migrations and list them',
  description:
    'Applies every pending migration to the configured database (DATABASE_URL, else SQLite in\n' +
    'DATA_DIR) and lists what it applied. Safe to run while the service runs, and from several\n' +
    'processes at once: migrations take a lock. The service and every command also migrate on start.',
  options: {},
  example: 'quarry migrate',

  async run({ services }) {
    const { applied } = services.migrations;
    return {
      json: { dialect: services.dialect, applied },
      text:
        applied.length === 0
          ? `The ${services.dialect} database is up to date; nothing to apply.`
          : [
              `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to the ${services.dialect} database:`,
              ...applied.map((name) => `  ${name}`),
            ].join('\n'),
    };
  },
};

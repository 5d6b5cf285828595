import { join } from 'node:path';
import type { Config } from './config/index.js';
import { describeMailDestination } from './mail/build.js';

/** A vertical's readiness as the summary needs it (src/search's `VerticalReadiness` satisfies this). */
export interface VerticalState {
  readonly vertical: string;
  readonly canAnswer: boolean;
  /** When it cannot answer: what would turn an engine on. */
  readonly setup: readonly string[];
}

export interface StartupSummary {
  /** A few short lines for a person (the pretty log): one fact a line. */
  readonly lines: readonly string[];
  /** The same facts as fields for a machine (the JSON log), under `STARTUP_MESSAGE`, which repeats none of them. */
  readonly fields: Record<string, unknown>;
}

/** The JSON log's message of the summary line: the facts are its fields. */
export const STARTUP_MESSAGE = 'Quarry started';

/**
 * What Quarry logs once it listens: where it answers, where the dashboard and the API docs are,
 * which storage, which search verticals can answer (and for the others, the setting that would
 * turn an engine on), chat, and where mail goes. It answers a new operator's first questions
 * without reading the configuration, and builds nothing: the readiness is the search service's.
 */
export function startupSummary(
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'dataDir' | 'redisUrl' | 'chatUpstreamUrl' | 'chatUpstreamModel' | 'chatModels' | 'smtpUrl' | 'nodeEnv'>,
  listening: { host: string; port: number },
  verticals: readonly VerticalState[],
): StartupSummary {
  const host = listening.host.includes(':') ? `[${listening.host}]` : listening.host;
  const url = `http://${host}:${listening.port}`;
  const base = config.publicUrl?.replace(/\/+$/, '') ?? url;
  const dashboard = `${base}/`;
  const docs = `${base}/api/v1/docs/`;
  const database = config.databaseUrl ? `PostgreSQL ${storageAddress(config.databaseUrl)}` : `SQLite ${join(config.dataDir, 'quarry.db')}`;
  const cache = config.redisUrl ? `Redis ${storageAddress(config.redisUrl)}` : 'in-process (no REDIS_URL: one instance only)';
  const answering = verticals.filter((entry) => entry.canAnswer).map((entry) => entry.vertical);
  const silent = verticals.filter((entry) => !entry.canAnswer);
  const models = config.chatModels;
  const chatConfigured = models !== undefined || Boolean(config.chatUpstreamUrl && config.chatUpstreamModel);
  const chat =
    models !== undefined
      ? `${models.models.length} model${models.models.length === 1 ? '' : 's'} from CHAT_MODELS_FILE (default ${models.defaultId})`
      : chatConfigured && config.chatUpstreamUrl
        ? `via ${storageAddress(config.chatUpstreamUrl)}`
        : 'not configured (CHAT_UPSTREAM_URL)';
  const mail = describeMailDestination(config);
  const lines = [
    `Quarry is listening on ${url}${base !== url ? ` (public URL ${base})` : ''}`,
    `dashboard  ${dashboard}`,
    `API docs   ${docs}`,
    `storage    database ${database}; cache ${cache}`,
    `search     ${answering.length > 0 ? `answers ${answering.join(', ')}` : 'answers nothing yet'}`,
    ...silent.map((entry) => `           ${entry.vertical}: nothing can answer; set ${entry.setup.join(' or ')}`),
    `chat       ${chat}`,
    `mail       to ${mail}`,
  ];
  return {
    lines,
    fields: {
      url,
      dashboard,
      docs,
      database,
      cache,
      search: { answering, not_answering: Object.fromEntries(silent.map((entry) => [entry.vertical, entry.setup])) },
      chat: chatConfigured,
      mail,
      mode: config.nodeEnv,
    },
  };
}

/** `host:port/path` of a storage or upstream URL: never its user or password. */
function storageAddress(raw: string): string {
  const parsed = new URL(raw);
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.host}${path}`;
}

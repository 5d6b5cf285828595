import { join } from 'node:path';
import type { Config } from './config/index.js';
import { describeMailDestination } from './mail/build.js';

/** A search engine as the summary needs it (src/search's engines satisfy this). */
export interface EngineState {
  readonly name: string;
  readonly configured: boolean;
}

/** What an operator must set to turn an unconfigured engine on; the rest are keyless public services. */
const ENGINE_SETTING: Readonly<Record<string, string>> = {
  serper: 'SERPER_API_KEY',
  brave: 'BRAVE_API_KEY',
  searxng: 'SEARXNG_URL',
  patentsview: 'PATENTSVIEW_API_KEY',
};

export interface StartupSummary {
  /** One human line, for the log's `msg`. */
  readonly message: string;
  /** The same facts as fields, for log search. No secret: URLs lose their credentials. */
  readonly fields: Record<string, unknown>;
}

/**
 * The one line Quarry logs once it listens: where it answers, where its docs are, which storage,
 * which engines work and which are not configured (with the setting that would turn each on),
 * and where mail goes. It answers a new operator's first questions without reading the config.
 * It builds nothing: the engines are the ones the composition root built (`QuarryApp.upstreamEngines`).
 */
export function startupSummary(
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'dataDir' | 'redisUrl' | 'chatUpstreamUrl' | 'chatUpstreamModel' | 'smtpUrl' | 'nodeEnv'>,
  listening: { host: string; port: number },
  engines: readonly EngineState[],
): StartupSummary {
  const host = listening.host.includes(':') ? `[${listening.host}]` : listening.host;
  const url = `http://${host}:${listening.port}`;
  const base = config.publicUrl?.replace(/\/+$/, '') ?? url;
  const docs = `${base}/api/v1/docs`;
  const database = config.databaseUrl ? `PostgreSQL ${storageAddress(config.databaseUrl)}` : `SQLite ${join(config.dataDir, 'quarry.db')}`;
  const cache = config.redisUrl ? `Redis ${storageAddress(config.redisUrl)}` : 'in-process (no REDIS_URL: one instance only)';
  const configured = ['local', ...engines.filter((engine) => engine.configured).map((engine) => engine.name)];
  const missing = engines.filter((engine) => !engine.configured).map((engine) => `${engine.name} (${ENGINE_SETTING[engine.name] ?? 'SEARCH_KEYLESS_ENGINES'})`);
  const chat =
    config.chatUpstreamUrl && config.chatUpstreamModel ? `chat via ${storageAddress(config.chatUpstreamUrl)}` : 'chat not configured (CHAT_UPSTREAM_URL)';
  const mail = describeMailDestination(config);
  const message = [
    `Quarry listening on ${url}${base !== url ? ` (public URL ${base})` : ''}`,
    `docs ${docs}`,
    `database ${database}`,
    `cache ${cache}`,
    `search engines ${configured.join(', ')}${missing.length > 0 ? `; not configured: ${missing.join(', ')}` : ''}`,
    chat,
    `mail to ${mail}`,
  ].join(' · ');
  return {
    message,
    fields: {
      url,
      docs,
      database,
      cache,
      engines: { configured, not_configured: engines.filter((e) => !e.configured).map((e) => e.name) },
      chat: chat.startsWith('chat via'),
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

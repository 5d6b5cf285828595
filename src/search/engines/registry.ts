import type { Config } from '../../config/index.js';
import type { SearchEngine } from '../engine.js';
import { createArxivEngine } from './arxiv.js';
import { createBraveEngine } from './brave.js';
import { createCrossrefEngine } from './crossref.js';
import { createDuckDuckGoEngine } from './duckduckgo.js';
import { createGdeltEngine } from './gdelt.js';
import { createNominatimEngine } from './nominatim.js';
import { createOpenAlexEngine } from './openalex.js';
import { createOpenverseEngine } from './openverse.js';
import { createPatentsViewEngine } from './patentsview.js';
import { createPhotonEngine } from './photon.js';
import type { RateLimit } from './rate-limiter.js';
import { createSearxngEngine } from './searxng.js';
import { createSerperEngine } from './serper.js';
import { quarryUserAgent, type UpstreamEngineOptions } from './upstream-options.js';
import { createWikimediaEngine } from './wikimedia.js';
import { createWikipediaEngine } from './wikipedia.js';

/** The settings `buildUpstreamEngines` reads (a subset of `Config`, so tests can hand in just these). */
export type UpstreamEngineConfig = Pick<
  Config,
  | 'nodeEnv'
  | 'searchKeylessEngines'
  | 'searchContactEmail'
  | 'searchUpstreamTimeoutMs'
  | 'searchUpstreamQueueMs'
  | 'searxngUrl'
  | 'searxngRate'
  | 'serperUrl'
  | 'serperApiKey'
  | 'serperRate'
  | 'braveUrl'
  | 'braveApiKey'
  | 'braveRate'
  | 'crossrefUrl'
  | 'crossrefRate'
  | 'arxivUrl'
  | 'arxivRate'
  | 'openalexUrl'
  | 'openalexApiKey'
  | 'openalexRate'
  | 'photonUrl'
  | 'photonRate'
  | 'nominatimUrl'
  | 'nominatimRate'
  | 'nominatimCacheTtl'
  | 'wikimediaUrl'
  | 'wikimediaRate'
  | 'openverseUrl'
  | 'openverseRate'
  | 'gdeltUrl'
  | 'gdeltRate'
  | 'patentsviewUrl'
  | 'patentsviewApiKey'
  | 'patentsviewRate'
  | 'duckduckgoUrl'
  | 'duckduckgoAutocompleteUrl'
  | 'duckduckgoRate'
  | 'wikipediaUrl'
  | 'wikipediaRate'
>;

/** The names of every upstream engine, in the order `buildUpstreamEngines` returns them. */
export const UPSTREAM_ENGINE_NAMES = [
  'serper',
  'brave',
  'searxng',
  'duckduckgo',
  'gdelt',
  'openverse',
  'wikimedia',
  'photon',
  'nominatim',
  'openalex',
  'crossref',
  'arxiv',
  'patentsview',
  'wikipedia',
] as const;

/** What turns each upstream engine on (`SearchEngine.setup`); the keyless public services share one switch. */
const KEYLESS_SETUP = 'SEARCH_KEYLESS_ENGINES=true';
const ENGINE_SETUP: Readonly<Record<(typeof UPSTREAM_ENGINE_NAMES)[number], string>> = {
  serper: 'SERPER_API_KEY',
  brave: 'BRAVE_API_KEY',
  searxng: 'SEARXNG_URL',
  duckduckgo: KEYLESS_SETUP,
  gdelt: KEYLESS_SETUP,
  openverse: KEYLESS_SETUP,
  wikimedia: KEYLESS_SETUP,
  photon: KEYLESS_SETUP,
  nominatim: KEYLESS_SETUP,
  openalex: KEYLESS_SETUP,
  crossref: KEYLESS_SETUP,
  arxiv: KEYLESS_SETUP,
  patentsview: 'PATENTSVIEW_API_KEY',
  wikipedia: KEYLESS_SETUP,
};

/** The engine, told what turns it on (it was just built for this registry: nobody else holds it). */
function withSetup(engine: SearchEngine): SearchEngine {
  const setup = (ENGINE_SETUP as Readonly<Record<string, string>>)[engine.name];
  return setup === undefined ? engine : Object.assign(engine, { setup });
}

/**
 * Whether the public keyless services are used: `SEARCH_KEYLESS_ENGINES`, where `auto` means yes
 * except in test runs, which must never reach the internet.
 */
export function keylessEnginesEnabled(config: Pick<Config, 'nodeEnv' | 'searchKeylessEngines'>): boolean {
  return config.searchKeylessEngines === 'auto' ? config.nodeEnv !== 'test' : config.searchKeylessEngines === 'true';
}

/**
 * The upstream engines (Serper, SearXNG, Brave, Crossref, …), built from configuration.
 * Engines whose key or URL is missing, and the keyless public services when they are turned off,
 * are still built and report `configured: false`, so the operator's engine list shows them.
 */
export function buildUpstreamEngines(config: UpstreamEngineConfig): SearchEngine[] {
  const keyless = keylessEnginesEnabled(config);
  const common = (baseUrl: string | undefined, rate: RateLimit, apiKey?: string): UpstreamEngineOptions => ({
    enabled: keyless || apiKey !== undefined,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(config.searchContactEmail === undefined ? {} : { contactEmail: config.searchContactEmail }),
    userAgent: quarryUserAgent(config.searchContactEmail),
    timeoutMs: config.searchUpstreamTimeoutMs,
    maxQueueMs: config.searchUpstreamQueueMs,
    rate,
  });
  const engines = [
    createSerperEngine(common(config.serperUrl, config.serperRate, config.serperApiKey)),
    createBraveEngine(common(config.braveUrl, config.braveRate, config.braveApiKey)),
    createSearxngEngine(common(config.searxngUrl, config.searxngRate)),
    createDuckDuckGoEngine({
      ...common(config.duckduckgoUrl, config.duckduckgoRate),
      ...(config.duckduckgoAutocompleteUrl === undefined ? {} : { autocompleteUrl: config.duckduckgoAutocompleteUrl }),
    }),
    createGdeltEngine(common(config.gdeltUrl, config.gdeltRate)),
    createOpenverseEngine(common(config.openverseUrl, config.openverseRate)),
    createWikimediaEngine(common(config.wikimediaUrl, config.wikimediaRate)),
    createPhotonEngine(common(config.photonUrl, config.photonRate)),
    createNominatimEngine({ ...common(config.nominatimUrl, config.nominatimRate), cacheTtlSeconds: config.nominatimCacheTtl }),
    createOpenAlexEngine(common(config.openalexUrl, config.openalexRate, config.openalexApiKey)),
    createCrossrefEngine(common(config.crossrefUrl, config.crossrefRate)),
    createArxivEngine(common(config.arxivUrl, config.arxivRate)),
    createPatentsViewEngine(common(config.patentsviewUrl, config.patentsviewRate, config.patentsviewApiKey)),
    createWikipediaEngine(common(config.wikipediaUrl, config.wikipediaRate)),
  ];
  return engines.map(withSetup);
}

import type { Config } from '../config/index.js';
import type { SearchEngine } from '../search/engine.js';

/**
 * One set of upstream search engines for one app, shared by Quarry's own search and the
 * compatibility surfaces: each engine keeps the rate limit its upstream's terms ask for, which
 * two separate sets would each spend in full. Built on first use, from that app's configuration.
 */
export function sharedUpstreamEngines(build: (config: Config) => SearchEngine[]): (config: Config) => SearchEngine[] {
  let engines: SearchEngine[] | undefined;
  return (config) => (engines ??= build(config));
}

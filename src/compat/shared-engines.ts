import type { Config } from '../config/index.js';
import type { SearchEngine } from '../search/engine.js';

/**
 * One set of upstream search engines per app (per configuration object), shared by Quarry's own
 * search and the compatibility surfaces: each engine keeps the rate limit its upstream's terms
 * ask for, which two separate sets would each spend in full.
 */
export function sharedPerConfig(build: (config: Config) => SearchEngine[]): (config: Config) => SearchEngine[] {
  const built = new WeakMap<Config, SearchEngine[]>();
  return (config) => {
    let engines = built.get(config);
    if (engines === undefined) {
      engines = build(config);
      built.set(config, engines);
    }
    return engines;
  };
}

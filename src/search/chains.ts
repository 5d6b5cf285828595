/** The router's configuration from Quarry's settings: chains per vertical, blended verticals, timeout. */
import type { Config } from '../config/index.js';
import { DEFAULT_CHAINS } from './engines/defaults.js';
import { SearchConfigurationError } from './errors.js';
import { isVertical, VERTICALS, type Vertical } from './verticals.js';

export type SearchChainConfig = Pick<
  Config,
  | 'searchChainWeb'
  | 'searchChainNews'
  | 'searchChainImages'
  | 'searchChainVideos'
  | 'searchChainPlaces'
  | 'searchChainShopping'
  | 'searchChainScholar'
  | 'searchChainPatents'
  | 'searchChainAutocomplete'
  | 'searchBlend'
>;

const CHAIN_SETTING: Readonly<Record<Vertical, keyof SearchChainConfig>> = {
  web: 'searchChainWeb',
  news: 'searchChainNews',
  images: 'searchChainImages',
  videos: 'searchChainVideos',
  places: 'searchChainPlaces',
  shopping: 'searchChainShopping',
  scholar: 'searchChainScholar',
  patents: 'searchChainPatents',
  autocomplete: 'searchChainAutocomplete',
};

/** `SEARCH_CHAIN_<VERTICAL>` where set (engine names, lower-cased), `DEFAULT_CHAINS` elsewhere. */
export function chainsFromConfig(config: SearchChainConfig): Record<Vertical, readonly string[]> {
  const chains = {} as Record<Vertical, readonly string[]>;
  for (const vertical of VERTICALS) {
    const configured = config[CHAIN_SETTING[vertical]].map((name) => name.toLowerCase());
    chains[vertical] = configured.length > 0 ? configured : DEFAULT_CHAINS[vertical];
  }
  return chains;
}

/** `SEARCH_BLEND` as verticals; an unknown name stops the start with a message naming it. */
export function blendFromConfig(config: SearchChainConfig): Vertical[] {
  return config.searchBlend.map((raw) => {
    const name = raw.toLowerCase();
    if (!isVertical(name)) throw new SearchConfigurationError(`SEARCH_BLEND names an unknown vertical "${raw}"; expected some of ${VERTICALS.join(', ')}.`);
    return name;
  });
}

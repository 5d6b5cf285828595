import type { Vertical } from '../verticals.js';

/**
 * The engine chain of each vertical when `SEARCH_CHAIN_<VERTICAL>` is unset, best first.
 * The local index is always last: it answers with no network and no keys.
 *
 * Keyed engines (Serper, Brave, PatentsView) and SearXNG come first but are skipped while their key
 * or URL is unset, so a fresh install answers from the keyless public services: DuckDuckGo (web),
 * GDELT (news), Openverse and Wikimedia Commons (images), Photon and Nominatim (places), OpenAlex,
 * Crossref and arXiv (scholar), DuckDuckGo and Wikipedia (autocomplete). Videos and shopping have no
 * keyless source besides a SearXNG instance (videos) and fall back to the local index.
 */
export const DEFAULT_CHAINS: Readonly<Record<Vertical, readonly string[]>> = {
  web: ['serper', 'brave', 'searxng', 'duckduckgo', 'local'],
  news: ['serper', 'brave', 'searxng', 'gdelt', 'local'],
  images: ['serper', 'brave', 'searxng', 'openverse', 'wikimedia', 'local'],
  videos: ['serper', 'brave', 'searxng', 'local'],
  places: ['serper', 'searxng', 'photon', 'nominatim', 'local'],
  shopping: ['serper', 'local'],
  scholar: ['serper', 'searxng', 'openalex', 'crossref', 'arxiv', 'local'],
  patents: ['serper', 'patentsview', 'local'],
  autocomplete: ['serper', 'searxng', 'duckduckgo', 'wikipedia', 'local'],
};

/**
 * The default chain of a vertical limited to the engines that exist, for apps built with a custom
 * engine list (tests, embedded use): a name in `DEFAULT_CHAINS` that was not built is dropped, while
 * a name an operator wrote in `SEARCH_CHAIN_<VERTICAL>` should still stop the start when unknown.
 */
export function defaultChain(vertical: Vertical, engineNames: ReadonlySet<string>): string[] {
  return DEFAULT_CHAINS[vertical].filter((name) => engineNames.has(name));
}

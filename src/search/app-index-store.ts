import type { FeatureContext } from '../feature.js';
import { createIndexStore, type IndexStore } from '../local-index/store.js';

/**
 * The index store a feature serving searches uses: the configured autocomplete threshold, failed
 * writes of the autocomplete log reported, and the searches it counted written at shutdown.
 */
export function createAppIndexStore(context: FeatureContext): IndexStore {
  const { db, dialect, config, log } = context;
  const store = createIndexStore(db, dialect, {
    autocompleteMinAccounts: config.autocompleteMinAccounts,
    onQueryLogError: (error) => log.error({ err: error }, 'searches could not be counted for autocomplete'),
  });
  context.onClose(() => store.flushQueryLog());
  return store;
}

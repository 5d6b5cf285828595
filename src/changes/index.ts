/** What other features may use of src/changes (change tracking): its public surface. */
export {
  CHANGE_MODES,
  compareWithSnapshot,
  MAX_SNAPSHOT_BYTES,
  removedSince,
  type ChangeMode,
  type ChangeStatus,
  type ChangeTracking,
  type Comparison,
} from './compare.js';
export { ChangeOptionError, changeTrackingOptions, MAX_TAG_LENGTH, type ChangeTrackingOptions } from './options.js';
export { createSnapshotStore, type SnapshotKey, type SnapshotStore } from './snapshot-store.js';

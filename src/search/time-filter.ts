/** Enforcing a `tbs` time window on results whose engine could not apply it exactly. */
import type { EngineHit, RecencySupport } from './engine.js';
import type { TbsSpec, TimeWindow } from './tbs.js';
import type { ItemVertical } from './verticals.js';

/** Whether an engine with this support applies the window of `tbs` exactly by itself. */
export function engineAppliesWindow(support: RecencySupport, tbs: TbsSpec | undefined): boolean {
  if (tbs === undefined || (tbs.recent === undefined && tbs.range === undefined)) return true;
  if (support === 'exact') return true;
  if (support === 'none' || tbs.range !== undefined || tbs.recent === undefined) return false;
  return tbs.recent.count === 1 && support.includes(tbs.recent.unit);
}

/** Whether a publication date lies in the window; an undated result cannot be shown to be recent. */
export function withinWindow(publishedAt: Date | undefined, window: TimeWindow): boolean {
  if (window.since === undefined && window.until === undefined) return true;
  if (publishedAt === undefined) return false;
  if (window.since !== undefined && publishedAt < window.since) return false;
  return window.until === undefined || publishedAt <= window.until;
}

/** Newest first; undated results keep their order after the dated ones. */
export function newestFirst<V extends ItemVertical>(hits: readonly EngineHit<V>[]): EngineHit<V>[] {
  return hits
    .map((hit, index) => ({ hit, index }))
    .sort((a, b) => {
      const aTime = a.hit.publishedAt?.getTime();
      const bTime = b.hit.publishedAt?.getTime();
      if (aTime === undefined || bTime === undefined) {
        return aTime === bTime ? a.index - b.index : aTime === undefined ? 1 : -1;
      }
      return bTime - aTime || a.index - b.index;
    })
    .map(({ hit }) => hit);
}

/** Pages read at once for one multi-URL request; the fetch engine's per-host limit still applies. */
const PAGE_CONCURRENCY = 4;

/**
 * `work` over `items`, at most `limit` at a time, results in input order. The first error
 * rejects the whole (work already started still finishes, so its scrapes settle normally).
 */
export async function inOrder<T, R>(items: readonly T[], work: (item: T) => Promise<R>, limit = PAGE_CONCURRENCY): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
  return results;
}

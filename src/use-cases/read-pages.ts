/**
 * Several pages read as ONE metered operation (Tavily extract, Exa contents): when every page is
 * stored, one charge of their total and no hold (as a REST cache hit); otherwise one hold of
 * N × the dearest scrape, the pages read a few at a time, and one charge of what they cost.
 */
import type { Caller, MeteredResult, Metering } from '../credits/index.js';
import { inOrder } from './in-order.js';
import { SCRAPE_USE_CASE_ENDPOINT, type ScrapeInput, type ScrapeOutput, type ScrapeUseCase } from './scrape.js';

/** One page of the operation: its scrape and what it cost, or the error that stopped it. */
export type PageRead = { readonly ok: true; readonly output: ScrapeOutput; readonly cost: number } | { readonly ok: false; readonly error: unknown };

export interface ReadPagesDeps {
  readonly metering: Pick<Metering, 'meter'>;
  readonly scrape: ScrapeUseCase;
}

/**
 * The pages of `inputs`, in order, each as `shape` writes it. A page that fails costs nothing and
 * is `shape`'s to describe; `shape` throwing (a failure of the caller, not of the page: no
 * credits, throttled, gone) stops the whole operation, which then charges nothing.
 */
export async function readPages<T>(
  deps: ReadPagesDeps,
  caller: Caller,
  inputs: readonly ScrapeInput[],
  shape: (page: PageRead, index: number) => T,
): Promise<MeteredResult<T[]>> {
  const { scrape } = deps;
  const known = async () => {
    const all = await scrape.allStored(inputs);
    return all === undefined ? undefined : { body: all.body.map((output, index) => shape({ ok: true, output, cost: 0 }, index)), cost: all.cost };
  };
  const work = async (signal: AbortSignal) => {
    let cost = 0;
    const pages = await inOrder([...inputs.keys()], async (index) => {
      let page: PageRead;
      try {
        const read = await scrape.run(caller.accountId, inputs[index]!, signal);
        cost += read.cost;
        page = { ok: true, output: read.body, cost: read.cost };
      } catch (error) {
        page = { ok: false, error };
      }
      return shape(page, index);
    });
    return { body: pages, cost };
  };
  return deps.metering.meter(caller, SCRAPE_USE_CASE_ENDPOINT, inputs.length * scrape.maxCost, work, known);
}

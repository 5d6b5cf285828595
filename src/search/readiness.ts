/**
 * Which verticals can answer: a vertical can when an engine of its chain is configured and, for an
 * engine that answers only from what it holds (the local index), holds something. A search of a
 * vertical that cannot answer is refused before anything is held or charged (503), naming what
 * would turn an engine on; the start-up summary and the dashboard's playground say the same.
 */
import { setupOf, type SearchEngine } from './engine.js';
import { SearchNotConfiguredError } from './errors.js';
import type { SearchRouter } from './router.js';
import { VERTICALS, type Vertical } from './verticals.js';

export interface VerticalReadiness {
  readonly vertical: Vertical;
  readonly canAnswer: boolean;
  /** The engines of the chain that can answer now, in the order they are tried. */
  readonly engines: readonly string[];
  /** When it cannot answer: what would turn an engine of its chain on (see `SearchEngine.setup`). */
  readonly setup: readonly string[];
}

async function canAnswer(engine: SearchEngine): Promise<boolean> {
  if (!engine.configured) return false;
  return engine.holdsAnswers === undefined ? true : engine.holdsAnswers();
}

export async function verticalReadiness(router: Pick<SearchRouter, 'chain'>, vertical: Vertical): Promise<VerticalReadiness> {
  const chain = router.chain(vertical);
  const answering = await Promise.all(chain.map(canAnswer));
  const engines = chain.filter((_, index) => answering[index]).map((engine) => engine.name);
  const able = engines.length > 0;
  return { vertical, canAnswer: able, engines, setup: able ? [] : setupOf(chain) };
}

/** Every vertical's readiness, in the contract's order of sources. */
export function allReadiness(router: Pick<SearchRouter, 'chain'>): Promise<VerticalReadiness[]> {
  return Promise.all(VERTICALS.map((vertical) => verticalReadiness(router, vertical)));
}

/**
 * Whether some engine of the vertical's chain can answer, asking the engines that hold their
 * answers (the index: one lookup) only when no other engine is configured: the check runs before
 * every search.
 */
async function canAnswerAtAll(router: Pick<SearchRouter, 'chain'>, vertical: Vertical): Promise<boolean> {
  const configured = router.chain(vertical).filter((engine) => engine.configured);
  if (configured.some((engine) => engine.holdsAnswers === undefined)) return true;
  for (const engine of configured) if (await canAnswer(engine)) return true;
  return false;
}

/**
 * The sources of a search that can answer, in the order asked. When none can, rejects with
 * `SearchNotConfiguredError` naming them and what would turn an engine on. Sources that cannot
 * answer while others can are left out: not searched, not charged, absent from the answer.
 */
export async function answerableSources(router: Pick<SearchRouter, 'chain'>, sources: readonly Vertical[]): Promise<Vertical[]> {
  const answering = await Promise.all(sources.map((source) => canAnswerAtAll(router, source)));
  const able = sources.filter((_, index) => answering[index]);
  const [first, ...rest] = sources;
  if (able.length > 0 || first === undefined) return able;
  throw new SearchNotConfiguredError([first, ...rest], setupOf(sources.flatMap((source) => router.chain(source))));
}

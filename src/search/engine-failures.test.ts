import { describe, expect, it } from 'vitest';
import { createMemoryEngine } from '../../tests/support/memory-engine.js';
import { EngineError } from './engine.js';
import type { EngineAttempt } from './errors.js';
import { AllEnginesFailedError } from './errors.js';
import { createSearchRouter } from './router.js';

describe('engine failures (issue 16, item 6)', () => {
  const failing = () => {
    const engine = createMemoryEngine({ name: 'upstream', verticals: ['web'], corpus: { web: [] } });
    engine.failWith(() => new EngineError('upstream', 'network', 'connection refused'));
    return engine;
  };
  const emptyFallback = () => Object.assign(createMemoryEngine({ name: 'index', verticals: ['web'], corpus: { web: [] } }), { fallback: true });

  it('reports every failed call once, for one warning line per failed engine', async () => {
    const seen: EngineAttempt[] = [];
    const router = createSearchRouter({ engines: [failing(), emptyFallback()], chains: { web: ['upstream', 'index'] }, onEngineFailure: (_, attempt) => seen.push(attempt) });
    await expect(router.search('web', { q: 'x', num: 10 })).rejects.toBeInstanceOf(AllEnginesFailedError);
    expect(seen.map((attempt) => [attempt.engine, attempt.kind, attempt.message])).toEqual([['upstream', 'network', 'connection refused']]);
  });

  it('an empty answer of an ordinary engine after a failure is an answer, naming the failed engine', async () => {
    const other = createMemoryEngine({ name: 'other', verticals: ['web'], corpus: { web: [] } });
    const router = createSearchRouter({ engines: [failing(), other], chains: { web: ['upstream', 'other'] } });
    const outcome = await router.search('web', { q: 'x', num: 10 });
    expect(outcome).toMatchObject({ engine: 'other', items: [], failedEngines: ['upstream'] });
  });

  it('an empty fallback with no failure before it is an ordinary empty answer', async () => {
    const router = createSearchRouter({ engines: [emptyFallback()], chains: { web: ['index'] } });
    expect(await router.search('web', { q: 'x', num: 10 })).toMatchObject({ items: [], failedEngines: [] });
  });
});

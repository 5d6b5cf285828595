import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './hold-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered hold ids', () => {
  it('are UUIDs in the version 7 layout that carry their millisecond first', () => {
    const at = Date.UTC(2026, 10, 25, 1, 2, 3, 456);
    const id = timeOrderedId(at + 1_000_000);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at + 1_000_000);
  });

  it('sort in the order they were made, within one millisecond and past 4096 of them', () => {
    const ms = Date.now() + 5_000_000;
    const ids = Array.from({ length: 10_000 }, () => timeOrderedId(ms));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    // A clock that steps back does not break the order either.
    const later = timeOrderedId(ms - 60_000);
    expect(later > ids.at(-1)!).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { queryWithDomains, rangeTbs, rankScore, usDate } from './search-filters.js';

describe('the search filters of the drop-in APIs', () => {
  it('writes domain filters as site: clauses', () => {
    expect(queryWithDomains('solar storm')).toBe('solar storm');
    expect(queryWithDomains('solar', ['a.com', 'b.org'], ['c.net'])).toBe('solar site:a.com OR site:b.org -site:c.net');
  });

  it('turns ISO dates into a tbs custom range', () => {
    expect(usDate('2025-06-01')).toBe('6/1/2025');
    expect(usDate('2025-06-01T23:30:00Z')).toBe('6/1/2025');
    expect(usDate('June 1st')).toBeUndefined();
    expect(rangeTbs('2025-06-01', undefined)).toBe('cdr:1,cd_min:6/1/2025');
    expect(rangeTbs('2025-06-01', '2025-07-04')).toBe('cdr:1,cd_min:6/1/2025,cd_max:7/4/2025');
    expect(rangeTbs(undefined, undefined)).toBeUndefined();
  });

  it('scores by rank', () => {
    expect(rankScore(1, 4)).toBe(1);
    expect(rankScore(4, 4)).toBe(0.25);
  });
});

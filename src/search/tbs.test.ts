import { describe, it, expect } from 'vitest';
import { formatTbs, InvalidTbsError, parseTbs, tbsError, tbsWindow } from './tbs.js';

const NOW = new Date('2024-03-31T12:00:00Z');

describe('parseTbs', () => {
  it('reads every qdr unit, with and without a count', () => {
    expect(parseTbs('qdr:h')).toEqual({ recent: { unit: 'h', count: 1 }, sortByDate: false });
    expect(parseTbs('qdr:d3')).toEqual({ recent: { unit: 'd', count: 3 }, sortByDate: false });
    expect(parseTbs('qdr:w').recent?.unit).toBe('w');
    expect(parseTbs('qdr:m6').recent).toEqual({ unit: 'm', count: 6 });
    expect(parseTbs('qdr:y').recent?.unit).toBe('y');
  });

  it('reads sbd:1 alone and combined with qdr, in any order and with spaces', () => {
    expect(parseTbs('sbd:1')).toEqual({ sortByDate: true });
    expect(parseTbs(' sbd:1 , qdr:w ')).toEqual({ recent: { unit: 'w', count: 1 }, sortByDate: true });
    expect(parseTbs('qdr:d,sbd:0')).toEqual({ recent: { unit: 'd', count: 1 }, sortByDate: false });
  });

  it('reads a custom date range', () => {
    expect(parseTbs('cdr:1,cd_min:1/15/2023,cd_max:12/31/2023')).toEqual({
      range: { from: new Date('2023-01-15T00:00:00Z'), to: new Date('2023-12-31T00:00:00Z') },
      sortByDate: false,
    });
  });

  it('treats an empty value as no restriction', () => {
    expect(parseTbs('')).toEqual({ sortByDate: false });
  });

  it.each([
    ['qdr:x', /qdr must be/],
    ['qdr:', /qdr must be/],
    ['qdr:d0', /count from 1/],
    ['qdr:d99999', /qdr must be/],
    ['sbd:2', /sbd must be 0 or 1/],
    ['qdr:d,qdr:w', /more than once/],
    ['foo:1', /Unknown tbs part "foo:1"/],
    ['qdr:d,cdr:1,cd_min:1/1/2020', /cannot be combined/],
    ['cd_min:1/1/2020', /need cdr:1/],
    ['cdr:1', /needs cd_min/],
    ['cdr:1,cd_min:2/30/2020', /M\/D\/YYYY/],
    ['cdr:1,cd_min:2020-01-01', /M\/D\/YYYY/],
    ['cdr:1,cd_min:5/1/2020,cd_max:4/1/2020', /after cd_max/],
  ])('refuses %s with a message for the tbs field', (raw, message) => {
    expect(() => parseTbs(raw)).toThrow(InvalidTbsError);
    expect(tbsError(raw)).toMatch(message);
  });

  it('reports no error for a valid value', () => {
    expect(tbsError('qdr:h,sbd:1')).toBeUndefined();
  });
});

describe('tbsWindow', () => {
  it('gives no bound without tbs', () => {
    expect(tbsWindow(undefined, NOW)).toEqual({ sortByDate: false });
  });

  it('counts hours, days and weeks as fixed durations', () => {
    expect(tbsWindow(parseTbs('qdr:h'), NOW).since).toEqual(new Date('2024-03-31T11:00:00Z'));
    expect(tbsWindow(parseTbs('qdr:d3'), NOW).since).toEqual(new Date('2024-03-28T12:00:00Z'));
    expect(tbsWindow(parseTbs('qdr:w2'), NOW).since).toEqual(new Date('2024-03-17T12:00:00Z'));
  });

  it('counts months and years on the calendar, clamping to the last day of a shorter month', () => {
    expect(tbsWindow(parseTbs('qdr:m'), NOW).since).toEqual(new Date('2024-02-29T12:00:00Z'));
    expect(tbsWindow(parseTbs('qdr:m13'), NOW).since).toEqual(new Date('2023-02-28T12:00:00Z'));
    expect(tbsWindow(parseTbs('qdr:y'), new Date('2024-02-29T00:00:00Z')).since).toEqual(new Date('2023-02-28T00:00:00Z'));
  });

  it('covers whole days of a custom range', () => {
    expect(tbsWindow(parseTbs('cdr:1,cd_min:1/1/2023,cd_max:1/31/2023,sbd:1'), NOW)).toEqual({
      since: new Date('2023-01-01T00:00:00.000Z'),
      until: new Date('2023-01-31T23:59:59.999Z'),
      sortByDate: true,
    });
  });

  it('passes sort-by-date through', () => {
    expect(tbsWindow(parseTbs('sbd:1'), NOW)).toEqual({ sortByDate: true });
  });
});

describe('formatTbs', () => {
  it.each(['qdr:h', 'qdr:d3,sbd:1', 'cdr:1,cd_min:1/5/2023,cd_max:2/1/2023', 'sbd:1', ''])('writes %s back in canonical form', (raw) => {
    expect(formatTbs(parseTbs(raw))).toBe(raw);
  });
});

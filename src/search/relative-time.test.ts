import { describe, it, expect } from 'vitest';
import { formatDuration, InvalidDurationError, parseIsoDuration, relativeTime } from './relative-time.js';

const NOW = new Date('2024-06-15T12:00:00Z');
const before = (ms: number): Date => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, '1 min ago'],
    [59_000, '1 min ago'],
    [2 * MIN, '2 mins ago'],
    [59 * MIN + 59_000, '59 mins ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR + 5 * MIN, '3 hours ago'],
    [DAY - 1, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [20 * DAY, '2 weeks ago'],
    [30 * DAY, '4 weeks ago'],
    [31 * DAY, '1 month ago'],
    [120 * DAY, '3 months ago'],
    [364 * DAY, '11 months ago'],
    [366 * DAY, '1 year ago'],
    [3 * 366 * DAY, '3 years ago'],
  ])('shows a date %d ms old as "%s"', (elapsed, expected) => {
    expect(relativeTime(before(elapsed), NOW)).toBe(expected);
  });

  it('counts calendar months, not 30-day blocks', () => {
    expect(relativeTime(new Date('2024-05-15T12:00:00Z'), NOW)).toBe('1 month ago');
    expect(relativeTime(new Date('2024-05-15T12:00:01Z'), NOW)).toBe('4 weeks ago');
  });

  it('shows a date in the future as just published', () => {
    expect(relativeTime(new Date(NOW.getTime() + HOUR), NOW)).toBe('1 min ago');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [65, '1:05'],
    [599.6, '10:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [36_000 + 61, '10:01:01'],
  ])('formats %d seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (seconds) => {
    expect(() => formatDuration(seconds)).toThrow(InvalidDurationError);
  });
});

describe('parseIsoDuration', () => {
  it.each([
    ['PT1H2M3S', 3723],
    ['PT45S', 45],
    ['PT4M', 240],
    ['PT1.5S', 1.5],
    ['PT0,5S', 0.5],
    ['P1DT2H', 93_600],
    ['P2W', 1_209_600],
    ['pt10m', 600],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseIsoDuration(text)).toBe(seconds);
  });

  it.each(['', 'P', 'PT', 'P1DT', '1H', 'PT1H2X', 'T1H', 'PT-1S'])('refuses %j', (text) => {
    expect(() => parseIsoDuration(text)).toThrow(InvalidDurationError);
  });

  it('refuses years and months, whose length depends on the calendar', () => {
    expect(() => parseIsoDuration('P1Y')).toThrow(/no fixed length/);
    expect(() => parseIsoDuration('P1M')).toThrow(/no fixed length/);
  });

  it('feeds formatDuration for video lengths', () => {
    expect(formatDuration(parseIsoDuration('PT1H2M3S'))).toBe('1:02:03');
  });
});

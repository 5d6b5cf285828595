import { describe, it, expect } from 'vitest';
import { COUNTRY_CODE_PATTERN, COUNTRY_CODES, isCountryCode, normaliseCountryCode } from './countries.js';

describe('ISO 3166-1 alpha-2 codes', () => {
  it('lists the 249 assigned codes, each one a region the ICU data knows by name', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const unnamed = COUNTRY_CODES.filter((code) => {
      const name = names.of(code.toUpperCase());
      return name === undefined || name === code.toUpperCase() || name === 'Unknown Region';
    });
    expect(unnamed).toEqual([]);
  });

  it('accepts codes in any case and normalises them to lower case', () => {
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('de')).toBe(true);
    expect(isCountryCode('gB')).toBe(true);
    expect(normaliseCountryCode('GB')).toBe('gb');
  });

  it('refuses reserved and user-assigned codes that are not countries', () => {
    for (const code of ['uk', 'eu', 'xk', 'zz', 'aa', 'u', 'usa', '']) expect(isCountryCode(code)).toBe(false);
  });

  it('gives a schema pattern that agrees with the list on all 676 letter pairs', () => {
    const pattern = new RegExp(COUNTRY_CODE_PATTERN, 'u');
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        expect(pattern.test(code), code).toBe(isCountryCode(code));
        expect(pattern.test(code.toUpperCase()), code).toBe(isCountryCode(code));
      }
    }
    expect(pattern.test('usa')).toBe(false);
  });
});

/**
 * ISO 3166-1 alpha-2 country codes (the 249 officially assigned ones), used for `country` and `gl`.
 * Requests may send them in any case; Quarry works with the lower-case form, as Google's `gl` does.
 */
const CODES_BY_FIRST_LETTER: Readonly<Record<string, string>> = {
  a: 'defgilmoqrstuwxz',
  b: 'abdefghijlmnoqrstvwyz',
  c: 'acdfghiklmnoruvwxyz',
  d: 'ejkmoz',
  e: 'ceghrst',
  f: 'ijkmor',
  g: 'abdefghilmnpqrstuwy',
  h: 'kmnrtu',
  i: 'delmnoqrst',
  j: 'emop',
  k: 'eghimnprwyz',
  l: 'abcikrstuvy',
  m: 'acdefghklmnopqrstuvwxyz',
  n: 'acefgilopruz',
  o: 'm',
  p: 'aefghklmnrstwy',
  q: 'a',
  r: 'eosuw',
  s: 'abcdeghijklmnorstvxyz',
  t: 'cdfghjklmnortvwz',
  u: 'agmsyz',
  v: 'aceginu',
  w: 'fs',
  y: 'et',
  z: 'amw',
};

/** Every assigned code, lower-case, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = Object.entries(CODES_BY_FIRST_LETTER).flatMap(([first, seconds]) =>
  [...seconds].map((second) => first + second),
);

const CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return CODE_SET.has(value.toLowerCase());
}

/** The lower-case form of a valid code; callers validate first (the request schema does). */
export function normaliseCountryCode(value: string): string {
  return value.toLowerCase();
}

/**
 * A JSON-schema `pattern` accepting exactly the assigned codes in any letter case, e.g.
 * `^(?:[Aa][DEFGdefg…]|…)$`, so plain Ajv validates it without custom keywords.
 */
export const COUNTRY_CODE_PATTERN = `^(?:${Object.entries(CODES_BY_FIRST_LETTER)
  .map(([first, seconds]) => `[${first.toUpperCase()}${first}][${seconds.toUpperCase()}${seconds}]`)
  .join('|')})$`;

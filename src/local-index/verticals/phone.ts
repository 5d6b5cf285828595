/** Telephone numbers in international format ("+1 212-555-0100", "+44 20 7946 0958"). */

/** Country calling codes of the countries whose numbers we can internationalise. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  us: '1',
  ca: '1',
  gb: '44',
  ie: '353',
  de: '49',
  fr: '33',
  es: '34',
  it: '39',
  nl: '31',
  be: '32',
  lu: '352',
  ch: '41',
  at: '43',
  se: '46',
  no: '47',
  dk: '45',
  fi: '358',
  is: '354',
  pt: '351',
  pl: '48',
  cz: '420',
  sk: '421',
  hu: '36',
  ro: '40',
  gr: '30',
  tr: '90',
  ru: '7',
  ua: '380',
  il: '972',
  ae: '971',
  sa: '966',
  in: '91',
  cn: '86',
  hk: '852',
  tw: '886',
  jp: '81',
  kr: '82',
  sg: '65',
  my: '60',
  th: '66',
  id: '62',
  ph: '63',
  vn: '84',
  au: '61',
  nz: '64',
  za: '27',
  eg: '20',
  ng: '234',
  ke: '254',
  br: '55',
  mx: '52',
  ar: '54',
  cl: '56',
  co: '57',
  pe: '51',
};

function nanp(digits: string): string | undefined {
  return digits.length === 10 ? `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : undefined;
}

/**
 * The number with its country calling code: numbers written with `+` or `00` keep theirs; national
 * numbers get the code of `country` (trunk prefix 0 dropped). Undefined when it cannot be made
 * international (no country known, or not a phone number).
 */
export function internationalPhone(raw: string, country: string | undefined): string | undefined {
  const cleaned = raw.trim().replace(/^tel:/i, '').replace(/^00/, '+');
  const digits = cleaned.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15 || /[^\d\s()+./-]/.test(cleaned)) return undefined;
  const groups = cleaned
    .replace(/[().\-/]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (cleaned.startsWith('+')) {
    if (digits.startsWith('1')) return nanp(digits.slice(1)) ?? `+${digits}`;
    const first = (groups[0] ?? '').replace('+', '');
    return first.length > 0 && first.length <= 3 && groups.length > 1 ? `+${first} ${groups.slice(1).join(' ')}` : `+${digits}`;
  }
  const code = country === undefined ? undefined : CALLING_CODES[country];
  if (code === undefined) return undefined;
  if (code === '1') return nanp(digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits);
  if (groups[0] !== undefined) groups[0] = groups[0].replace(/^0/, '');
  return `+${code} ${groups.filter(Boolean).join(' ')}`;
}

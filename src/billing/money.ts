/**
 * Money as integers of minor units plus an ISO 4217 code. Decimal strings are for display and
 * for the plans file; no float ever holds an amount.
 */

/** The number of minor-unit digits of a currency (2 for USD, 0 for JPY), as ICU knows it. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** 900 USD → "9.00", 1200 JPY → "1200", -5 USD → "-0.05". */
export function formatMinor(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amount must be a whole number of minor units, got ${amountMinor}`);
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const text = String(Math.abs(amountMinor));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Appends to `record[key]`, a list kept as the record's own property. The keys come from the page
 * (`<meta name>`, `itemprop`), so a key may be `constructor` or `__proto__`: `record[key] ??= []`
 * would find the inherited value instead (and a page naming one could not be read).
 */
export function pushOwn<T>(record: Record<string, T[]>, key: string, value: T): void {
  if (Object.hasOwn(record, key)) record[key]!.push(value);
  else Object.defineProperty(record, key, { value: [value], enumerable: true, writable: true, configurable: true });
}

/**
 * Reading untrusted upstream JSON without `any`: each reader returns the value when it has the
 * expected type and `undefined` otherwise, so an adapter maps only what is really there.
 */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, key: string): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return isObject(found) ? found : undefined;
}

export function arrayAt(value: unknown, key: string): readonly unknown[] | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return Array.isArray(found) ? found : undefined;
}

/** A non-blank string, trimmed. */
export function stringAt(value: unknown, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  if (typeof found !== 'string') return undefined;
  const trimmed = found.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A finite number, also accepted when written as a numeric string (Nominatim's coordinates). */
export function numberAt(value: unknown, key: string): number | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  if (typeof found === 'number') return Number.isFinite(found) ? found : undefined;
  if (typeof found === 'string' && found.trim() !== '') {
    const parsed = Number(found);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** A whole number ≥ 0 (counts, sizes). */
export function countAt(value: unknown, key: string): number | undefined {
  const found = numberAt(value, key);
  return found !== undefined && Number.isInteger(found) && found >= 0 ? found : undefined;
}

/** The non-blank strings of an array. */
export function strings(value: readonly unknown[] | undefined): string[] {
  return (value ?? []).flatMap((entry) => (typeof entry === 'string' && entry.trim() !== '' ? [entry.trim()] : []));
}

/** `T` with the keys that may hold `undefined` made optional (and never `undefined`). */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Copies only the defined values, so items never carry `undefined` placeholders. */
export function defined<T extends Record<string, unknown>>(fields: T): Defined<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as Defined<T>;
}

/** A date from an ISO or RFC 2822 string; undefined when it does not parse. */
export function parseDate(raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Only http(s) URLs are links we hand to clients. */
export function httpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const absolute = raw.startsWith('//') ? `https:${raw}` : raw;
  try {
    const url = new URL(absolute);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Collapses tags and entities of a short HTML fragment (snippets with `<b>` highlights) into text. */
export function plainText(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const text = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => decodeEntity(name) ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? undefined : text;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
};

function decodeEntity(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[name.toLowerCase()];
}

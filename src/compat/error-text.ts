/**
 * Quarry answers bad input DRF-style (`{"field": ["message"]}`, `{"detail": "..."}`, `{"error": "..."}`).
 * Other products' clients read one message string instead; this flattens any of those bodies into
 * one (the one flattener of every surface: Firecrawl, Tavily, Exa, Jina and MCP).
 */
export function errorText(body: unknown, fallback = 'Invalid request.'): string {
  if (typeof body === 'string') return body === '' ? fallback : body;
  if (body === undefined || body === null) return fallback;
  if (typeof body !== 'object') return String(body);
  const record = body as Record<string, unknown>;
  // A `hint` beside the contract's `detail` (a login token sent for an API key) is worth the same sentence.
  if (typeof record.detail === 'string') return typeof record.hint === 'string' ? `${record.detail} ${record.hint}` : record.detail;
  if (typeof record.error === 'string') return record.error;
  return fieldMessages(record).join('; ') || fallback;
}

function fieldMessages(errors: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(errors)) {
    const name = prefix === '' ? field : `${prefix}.${field}`;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') out.push(`${name}: ${item}`);
        else if (typeof item === 'object' && item !== null) out.push(...fieldMessages(item as Record<string, unknown>, name));
      }
    } else if (typeof value === 'object' && value !== null) out.push(...fieldMessages(value as Record<string, unknown>, name));
    else if (typeof value === 'string') out.push(`${name}: ${value}`);
  }
  return out;
}

/** The keys of `body` that `known` does not list, in body order. */
export function unknownKeys(body: object, known: ReadonlySet<string>): string[] {
  return Object.keys(body).filter((key) => !known.has(key));
}

/**
 * The NUL character in request text. PostgreSQL's `text` and `jsonb` cannot hold it (a query
 * carrying one fails), and DRF's CharField refuses it ("Null characters are not allowed."), so
 * every surface refuses it at validation, where the client learns which field holds it.
 */
export const NULL_CHARACTERS_KEYWORD = 'nullCharacters';

/** An Ajv-shaped error for the first string (value or key) holding U+0000, or undefined. */
export function nullCharacterError(data: unknown): { keyword: string; instancePath: string; schemaPath: string; params: object; message: string } | undefined {
  const path = pathToNull(data, '');
  if (path === undefined) return undefined;
  return { keyword: NULL_CHARACTERS_KEYWORD, instancePath: path, schemaPath: '#', params: {}, message: 'must not contain null characters' };
}

/** Depth-first, in document order, on an explicit stack: a body may nest deeper than the call stack goes. */
function pathToNull(root: unknown, rootPath: string): string | undefined {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const itemPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      stack.push([item, itemPath], [key, itemPath]);
    }
  }
  return undefined;
}

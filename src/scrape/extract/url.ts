/**
 * Resolves `reference` against `base`, returning an absolute http(s) or mailto/tel URL, or
 * undefined when the reference is empty, unparsable or of a scheme that makes no sense
 * outside the page (javascript:, data:, blob:, about:).
 */
export function resolveUrl(reference: string | undefined, base: string): string | undefined {
  if (reference === undefined) return undefined;
  const trimmed = reference.trim();
  if (trimmed === '') return undefined;
  let resolved: URL;
  try {
    resolved = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  switch (resolved.protocol) {
    case 'http:':
    case 'https:':
    case 'mailto:':
    case 'tel:':
    case 'ftp:':
      return resolved.href;
    default:
      return undefined;
  }
}

/** The first URL of a `srcset` list (`url 1x, url 2x` or `url 480w, …`), preferring the widest candidate. */
export function bestFromSrcset(srcset: string): string | undefined {
  let best: string | undefined;
  let bestWidth = -1;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor] = candidate.trim().split(/\s+/, 2);
    if (!url) continue;
    const width = descriptor ? Number.parseFloat(descriptor) * (descriptor.endsWith('x') ? 1000 : 1) : 0;
    if (width > bestWidth) {
      best = url;
      bestWidth = Number.isNaN(width) ? 0 : width;
    }
  }
  return best;
}

import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/**
 * The reference point the benchmark compares against: Mozilla Readability.js over linkedom,
 * scored on the `textContent` of its result (empty when Readability finds no article).
 */
export function readabilityText(html: string, url: string): string {
  const { document } = parseHTML(html);
  // Readability resolves relative URLs against documentURI; linkedom leaves it unset.
  try {
    Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  } catch {
    // Without a URI, links stay relative; the text, which is what is scored, is unaffected.
  }
  const article = new Readability(document as unknown as Document).parse();
  return article?.textContent ?? '';
}

/** Parsing alone with linkedom, for comparison with our own tree builder. */
export function linkedomParse(html: string): void {
  const { document } = parseHTML(html);
  if (!document.documentElement) throw new Error('linkedom produced no document');
}

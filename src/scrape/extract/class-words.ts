import type { ElementNode } from './dom.js';

/** The whitespace-separated tokens of an element's `class` and `id`. */
export function classTokens(element: ElementNode): string[] {
  const source = `${element.attrs['class'] ?? ''} ${element.attrs['id'] ?? ''}`;
  return source.length === 1 ? [] : source.split(/\s+/).filter((t) => t !== '');
}

/**
 * Words of one class or id token, lower-cased and split on `-`, `_` and camelCase
 * boundaries (`ShareBar__item` → share, bar, item), so semantic words can be matched
 * without matching inside unrelated words (`ad` must not match `header` or `download`).
 */
export function splitClassToken(token: string): string[] {
  const words: string[] = [];
  for (const part of token.split(/[-_:.]+|(?<=[a-z])(?=[A-Z])/)) {
    if (part !== '') words.push(part.toLowerCase());
  }
  return words;
}

/** Words of all class and id tokens of an element. */
export function classWords(element: ElementNode): string[] {
  return classTokens(element).flatMap(splitClassToken);
}

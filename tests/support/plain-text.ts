/** What the plain `text` of the fixture site's `/html/article` must look like, on every surface that answers text. */
import { expect } from 'vitest';

/** Markdown a renderer could write: heading, emphasis, code and table marks, links, list markers, quote marks. */
const MARKDOWN_SYNTAX = /[#*`|]|\]\(|^\s*([-*+>]|\d+[.)])\s/m;

export function expectPlainArticleText(text: string): void {
  expect(text).not.toMatch(MARKDOWN_SYNTAX);
  expect(text).not.toMatch(/<\/?[a-z]+>/);
  expect(text).toContain('An article with structure\n\nThe first paragraph introduces the topic with emphasis and a link.');
  expect(text).toContain('Name\tValue\nalpha\t1\nbeta\t2');
  expect(text).toContain('function add(a, b) {\n  return a + b;\n}');
  expect(text).toContain('first item\nsecond item\n\nstep one\nstep two');
}

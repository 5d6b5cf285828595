/**
 * The page question prompt: a question answered from one page's passages only (those that match
 * it best, src/answer/rank.ts), in the answer prompt's words with the page as source [1]. The
 * question comes last, so the page's text cannot pose as the instructions.
 */
import type { UpstreamMessage } from '../chat/index.js';
import { sourcesBlock } from './answer.js';
import { UNTRUSTED_PAGE } from './page.js';

export const QUESTION_PROMPT_VERSION = 1;

export interface QuestionPage {
  readonly url: string;
  readonly title: string;
  /** The page's passages chosen for the question, in page order. */
  readonly passages: readonly string[];
}

const SYSTEM = [
  'You answer a question about one web page, from the passages of it you are given, and from nothing else.',
  'Answer briefly in Markdown. You may cite the page as [1]; cite nothing else.',
  'If the passages do not answer the question, say so in one sentence.',
  UNTRUSTED_PAGE,
].join('\n');

export function questionMessages(question: string, page: QuestionPage): UpstreamMessage[] {
  const source = { n: 1, title: page.title, url: page.url, passages: page.passages.length > 0 ? page.passages : ['(The page has no text.)'] };
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Page:\n\n${sourcesBlock([source])}\n\n---\n\nQuestion: ${question}` },
  ];
}

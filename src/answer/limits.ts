/** What an answer reads and asks for: the bounds of `POST /api/v1/answer` and of every surface's answers. */

/** The verticals whose results are pages to read. */
export const ANSWER_SOURCES = ['web', 'news', 'scholar'] as const;
export type AnswerSourceVertical = (typeof ANSWER_SOURCES)[number];

export const ANSWER_LIMITS = {
  /** Pages read: default and bounds. */
  defaultPages: 5,
  maxPages: 10,
  /** The answer's own completion budget when the caller names none. */
  defaultMaxTokens: 1024,
  /** Tokens of passages given to the model. */
  contextTokens: 3000,
  /** Passages of one page at most. */
  passagesPerPage: 4,
  /** How long one page may take to read. */
  pageTimeoutMs: 8000,
} as const;

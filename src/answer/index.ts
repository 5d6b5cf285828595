// Answers with citations: passages, ranking, the answer's check. The pipeline is src/use-cases/answer.ts.
export { checkAnswer, type CheckedAnswer, type Citation, type GivenSource } from './citations.js';
export { NoAnswerError } from './errors.js';
export { answerErrorMapper } from './error-map.js';
export { cutPassages, DEFAULT_PASSAGE_OPTIONS, type Passage, type PassageOptions } from './passages.js';
export { choosePassages, rankPassages, type ContextOptions, type RankedPassage, type ReadPage } from './rank.js';
export { ANSWER_LIMITS, ANSWER_SOURCES, type AnswerSourceVertical } from './limits.js';
export { keywordQuery } from './terms.js';

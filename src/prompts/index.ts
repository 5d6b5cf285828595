// Every prompt Quarry sends a model (see README.md): one file a task, each with its version.
export { ANSWER_PROMPT_VERSION, answerMessages, sourcesBlock, type AnswerPromptSource } from './answer.js';
export { EXTRACT_JSON_PROMPT_VERSION, extractJsonMessages, extractJsonRetryMessages, type ExtractJsonRequest } from './extract-json.js';
export type { PromptPage } from './page.js';
export { QUESTION_PROMPT_VERSION, questionMessages, type QuestionPage } from './question.js';
export { SUMMARY_PROMPT_VERSION, summaryMessages } from './summary.js';

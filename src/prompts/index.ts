// Every prompt Quarry sends a model (see README.md): one file a task, each with its version.
export { ANSWER_PROMPT_VERSION, answerMessages, sourcesBlock, type AnswerPromptSource } from './answer.js';

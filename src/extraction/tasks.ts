/**
 * What a caller may ask a model about one page: structured JSON (by schema and/or prompt), a
 * summary, or the answer to a question. Read from each surface's own spelling of the options;
 * the surfaces word the refusals in their own error shape.
 */
import { compileSchema, EXTRACTION_LIMITS, SchemaRefusedError, type CompiledSchema } from './schema.js';

export interface JsonTask {
  readonly kind: 'json';
  readonly schema?: CompiledSchema;
  readonly prompt?: string;
}
export interface SummaryTask {
  readonly kind: 'summary';
}
export interface QuestionTask {
  readonly kind: 'question';
  readonly question: string;
}
export type PageTask = JsonTask | SummaryTask | QuestionTask;

/** An option of a task that cannot be used: `field` is the option's name (`schema`, `prompt`, `question`). */
export class TaskOptionError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskOptionError';
  }
}

/** A JSON extraction from `schema` and/or `prompt`; throws TaskOptionError naming the option at fault. */
export function jsonTask(options: { readonly schema?: unknown; readonly prompt?: unknown }): JsonTask {
  const { schema, prompt } = options;
  if (prompt !== undefined && prompt !== null && typeof prompt !== 'string') throw new TaskOptionError('prompt', 'Not a valid string.');
  if (typeof prompt === 'string' && prompt.length > EXTRACTION_LIMITS.maxPromptChars) {
    throw new TaskOptionError('prompt', `Ensure this field has no more than ${EXTRACTION_LIMITS.maxPromptChars} characters.`);
  }
  const hasPrompt = typeof prompt === 'string' && prompt.trim() !== '';
  if ((schema === undefined || schema === null) && !hasPrompt) throw new TaskOptionError('schema', 'A schema or a prompt is required.');
  let compiled: CompiledSchema | undefined;
  if (schema !== undefined && schema !== null) {
    try {
      compiled = compileSchema(schema);
    } catch (error) {
      if (error instanceof SchemaRefusedError) throw new TaskOptionError('schema', error.message);
      throw error;
    }
  }
  return { kind: 'json', ...(compiled === undefined ? {} : { schema: compiled }), ...(hasPrompt ? { prompt: prompt.trim() } : {}) };
}

/** A question about the page; throws TaskOptionError (`question`) for a blank or too long one. */
export function questionTask(question: unknown): QuestionTask {
  if (typeof question !== 'string' || question.trim() === '') throw new TaskOptionError('question', 'A non-empty question is required.');
  if (question.length > EXTRACTION_LIMITS.maxQuestionChars) {
    throw new TaskOptionError('question', `Ensure this field has no more than ${EXTRACTION_LIMITS.maxQuestionChars} characters.`);
  }
  return { kind: 'question', question: question.trim() };
}

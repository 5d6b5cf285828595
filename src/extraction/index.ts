// Asking a model about one page (JSON extraction, summary, question): the caller's schema, the
// model's reply read and checked, the page cut to fit. The pipeline is src/use-cases/page-tasks.ts.
export { fitContent, type FittedContent } from './content.js';
export { extractionErrorMapper } from './error-map.js';
export { ExtractionFailedError } from './errors.js';
export { objectProblems, readJsonReply, type ReadReply } from './reply.js';
export { compileSchema, EXTRACTION_LIMITS, SchemaRefusedError, type CompiledSchema } from './schema.js';
export { jsonTask, questionTask, TaskOptionError, type JsonTask, type PageTask, type QuestionTask, type SummaryTask } from './tasks.js';

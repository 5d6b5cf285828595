/**
 * The caller's JSON Schema for an extraction, checked and compiled before anything is held. Each
 * schema gets an Ajv of its own: Ajv keeps every schema it compiled (and refuses a second `$id`),
 * so a shared instance would grow with every request. Patterns run on RE2 (re2js): the model's
 * reply is matched against the caller's regular expressions on the event loop, and RE2 never
 * backtracks, so no pattern can stall the process.
 */
import { Ajv, type CodeOptions, type ErrorObject } from 'ajv';
import { RE2JS } from 're2js';

export const EXTRACTION_LIMITS = {
  /** Largest schema, as JSON. */
  maxSchemaBytes: 32 * 1024,
  /** Longest extraction prompt. */
  maxPromptChars: 4000,
  /** Longest question about a page. */
  maxQuestionChars: 4000,
} as const;

/** A schema the caller sent that cannot be used; `message` says why, for a 400 under the schema's field. */
export class SchemaRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaRefusedError';
  }
}

export interface CompiledSchema {
  /** The schema as the caller sent it (the prompt shows it to the model). */
  readonly schema: Readonly<Record<string, unknown>>;
  /** What is wrong with `value`, one line each (`/price: must be number`); empty when it validates. */
  problems(value: unknown): string[];
}

const re2: NonNullable<CodeOptions['regExp']> = Object.assign((pattern: string) => RE2JS.compile(pattern), { code: 'RE2JS.compile' });

/** Checks and compiles `schema`; throws SchemaRefusedError for one that is not an object, too big, or that Ajv cannot compile. */
export function compileSchema(schema: unknown): CompiledSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SchemaRefusedError('Must be a JSON Schema object.');
  }
  const bytes = Buffer.byteLength(JSON.stringify(schema));
  if (bytes > EXTRACTION_LIMITS.maxSchemaBytes) {
    throw new SchemaRefusedError(`The schema is ${bytes} bytes as JSON; at most ${EXTRACTION_LIMITS.maxSchemaBytes} are accepted.`);
  }
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false, code: { regExp: re2 } });
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new SchemaRefusedError(`Not a usable JSON Schema: ${why.slice(0, 300)}`);
  }
  return {
    schema: schema as Record<string, unknown>,
    problems(value) {
      if (validate(value)) return [];
      return (validate.errors ?? []).slice(0, 20).map(describeProblem);
    },
  };
}

/** `/items/0/price: must be number`, `/: must have required property 'price'`. */
function describeProblem(error: ErrorObject): string {
  return `${error.instancePath === '' ? '/' : error.instancePath}: ${error.message ?? 'is invalid'}`;
}

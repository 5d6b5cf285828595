/**
 * A tool's arguments checked in process against a TypeBox schema, refused in the words Quarry's
 * REST API uses for the same mistake (DRF's messages, keyed by field): TypeBox's errors are
 * translated into the Ajv keywords that `toDrfErrors` reads, so MCP and REST say one thing.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { InvalidInputError } from '../errors.js';
import { toDrfErrors, type SchemaError } from '../http/drf-validation.js';

const LIMITS: Partial<Record<ValueErrorType, [keyword: string, limit: string]>> = {
  [ValueErrorType.StringMinLength]: ['minLength', 'minLength'],
  [ValueErrorType.StringMaxLength]: ['maxLength', 'maxLength'],
  [ValueErrorType.IntegerMinimum]: ['minimum', 'minimum'],
  [ValueErrorType.NumberMinimum]: ['minimum', 'minimum'],
  [ValueErrorType.IntegerMaximum]: ['maximum', 'maximum'],
  [ValueErrorType.NumberMaximum]: ['maximum', 'maximum'],
  [ValueErrorType.ArrayMinItems]: ['minItems', 'minItems'],
  [ValueErrorType.ArrayMaxItems]: ['maxItems', 'maxItems'],
};

const TYPES: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.String]: 'string',
  [ValueErrorType.Integer]: 'integer',
  [ValueErrorType.Number]: 'number',
  [ValueErrorType.Boolean]: 'boolean',
  [ValueErrorType.Array]: 'array',
  [ValueErrorType.Object]: 'object',
};

/** One TypeBox error as the Ajv error Fastify would have raised for the same value. */
function asAjvError(error: ValueError): SchemaError {
  const base = { instancePath: error.path, schemaPath: error.path, data: error.value, parentSchema: error.schema };
  const limit = LIMITS[error.type];
  if (limit !== undefined) return { ...base, keyword: limit[0], params: { limit: (error.schema as Record<string, unknown>)[limit[1]] } };
  const type = TYPES[error.type];
  if (type !== undefined) return { ...base, keyword: 'type', params: { type } };
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty: {
      // Ajv names the missing property on its parent; TypeBox points at the property itself.
      const cut = error.path.lastIndexOf('/');
      return { ...base, instancePath: error.path.slice(0, cut), keyword: 'required', params: { missingProperty: error.path.slice(cut + 1) } };
    }
    case ValueErrorType.StringPattern:
      return { ...base, keyword: 'pattern', params: {} };
    case ValueErrorType.ArrayUniqueItems:
      return { ...base, keyword: 'uniqueItems', params: {} };
    case ValueErrorType.Union:
      return { ...base, keyword: 'anyOf', params: {} };
    case ValueErrorType.Literal:
      return { ...base, keyword: 'const', params: {} };
    default:
      return { ...base, keyword: 'invalid', params: {} };
  }
}

/** Each schema compiled once: a call is on the hot path, and a compiled check is a plain function. */
const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/** `args` when they satisfy `schema`; otherwise InvalidInputError with DRF's message for each field. */
export function checkedArgs<T>(schema: TSchema, args: Record<string, unknown>): T {
  let check = compiled.get(schema);
  if (check === undefined) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  if (check.Check(args)) return args as T;
  // A field with several errors (a missing one is also of the wrong type) keeps its first, as DRF does.
  throw new InvalidInputError(toDrfErrors([...check.Errors(args)].map(asAjvError)));
}

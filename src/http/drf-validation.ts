import type { FieldErrors } from './errors.js';
import { NULL_CHARACTERS_KEYWORD } from './null-characters.js';

/** The parts of an Ajv error this module reads (Ajv runs with `verbose: true`). */
export interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly params: Record<string, unknown>;
  readonly data?: unknown;
  readonly parentSchema?: unknown;
}

/** Python's names for JSON types, as DRF messages print them. */
function pythonType(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return 'dict';
}

function pythonRepr(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function typeMessage(expected: string, data: unknown): string {
  if (data === null) return 'This field may not be null.';
  switch (expected.split(',')[0]) {
    case 'string':
      return 'Not a valid string.';
    case 'integer':
      return 'A valid integer is required.';
    case 'number':
      return 'A valid number is required.';
    case 'boolean':
      return 'Must be a valid boolean.';
    case 'array':
      return `Expected a list of items but got type "${pythonType(data)}".`;
    case 'object':
      return `Invalid data. Expected a dictionary, but got ${pythonType(data)}.`;
    default:
      return 'Invalid input.';
  }
}

function isChoiceUnion(schema: unknown): boolean {
  const anyOf = (schema as { anyOf?: unknown[] } | undefined)?.anyOf;
  return Array.isArray(anyOf) && anyOf.every((branch) => typeof branch === 'object' && branch !== null && 'const' in branch);
}

/** DRF's message for one failed keyword, or undefined when the keyword says nothing to a client. */
function messageFor(error: SchemaError): string | undefined {
  const { params, data } = error;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return typeMessage(String(params.type), data);
    case 'minLength':
      return params.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${params.limit} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${params.limit} characters.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `Ensure this value is greater than or equal to ${params.limit}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Ensure this value is less than or equal to ${params.limit}.`;
    case 'minItems':
      return params.limit === 1 ? 'This list may not be empty.' : `Ensure this field has at least ${params.limit} elements.`;
    case 'maxItems':
      return `Ensure this field has no more than ${params.limit} elements.`;
    case 'enum':
    case 'const':
      return `"${pythonRepr(data)}" is not a valid choice.`;
    case 'anyOf':
      return isChoiceUnion(error.parentSchema)
        ? `"${pythonRepr(data)}" is not a valid choice.`
        : data === null
          ? 'This field may not be null.'
          : 'Invalid input.';
    case 'format':
      return params.format === 'email' ? 'Enter a valid email address.' : params.format === 'uri' ? 'Enter a valid URL.' : 'Invalid input.';
    case 'pattern':
      return 'This value does not match the required pattern.';
    case 'uniqueItems':
      return 'Duplicate items are not allowed.';
    case 'additionalProperties':
      // Only closed bodies fail this (a field the endpoint would otherwise silently ignore); keyed by that field.
      return 'This field is not accepted by this endpoint.';
    case NULL_CHARACTERS_KEYWORD:
      return 'Null characters are not allowed.';
    default:
      return 'Invalid input.';
  }
}

function pathOf(error: SchemaError): string[] {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments;
}

/**
 * Converts schema errors into DRF's body: messages keyed by field, nested objects keyed by
 * property or list index (`{"messages": {"3": {"role": [...]}}}`), one message per field,
 * and a body that is not an object reported under `non_field_errors`.
 */
export function toDrfErrors(errors: readonly SchemaError[]): FieldErrors {
  // A failed union reports every branch first; only the union's own verdict is useful.
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.schemaPath + '/');
  const relevant = errors.filter((e) => !unions.some((prefix) => e.schemaPath.startsWith(prefix)));

  const out: FieldErrors = {};
  for (const error of relevant) {
    const message = messageFor(error);
    if (message === undefined) continue;
    const path = pathOf(error);
    if (path.length === 0) path.push('non_field_errors');
    insert(out, path, message);
  }
  if (Object.keys(out).length === 0) out.non_field_errors = ['Invalid input.'];
  return out;
}

/**
 * Sets `node[key]` as an own property. The path comes from the request's own keys, so a segment
 * may be `__proto__` or `constructor`: plain assignment would reach the prototype (and, one level
 * down, write into Object.prototype for the whole process).
 */
function setOwn(node: FieldErrors, key: string, value: FieldErrors[string]): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

function insert(target: FieldErrors, path: readonly string[], message: string): void {
  let node: FieldErrors = target;
  for (const segment of path.slice(0, -1)) {
    const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (Array.isArray(next)) return; // the parent already failed; DRF reports one level
    if (next === undefined) setOwn(node, segment, {});
    node = node[segment] as FieldErrors;
  }
  const leaf = path[path.length - 1]!;
  if (!Object.hasOwn(node, leaf)) setOwn(node, leaf, [message]);
}

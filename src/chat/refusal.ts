import { InvalidInputError, type FieldMessages } from '../errors.js';

/** Where in the request body a refusal points: `['messages', 2, 'content', 0]`. */
export type FieldPath = ReadonlyArray<string | number>;

/**
 * A 400 for one field of the body, keyed as DRF nests field errors, so that the OpenAI route's
 * error names the field as OpenAI does (`param: "messages[2].content[0]"`).
 */
export function refuseField(path: FieldPath, message: string): InvalidInputError {
  let fields: FieldMessages | string[] = [message];
  for (const segment of [...path].reverse()) fields = { [String(segment)]: fields };
  return new InvalidInputError(fields as FieldMessages);
}

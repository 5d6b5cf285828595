/**
 * The model's reply read as JSON. Servers differ in what they do with `response_format` (some
 * ignore it, some refuse it), and models often wrap JSON in a Markdown fence or a sentence: the
 * reply is read leniently, and only its JSON object counts.
 */

export type ReadReply = { readonly value: unknown } | { readonly problem: string };

const FENCE = /^```[a-z]*\s*\n?([\s\S]*?)\n?\s*```$/i;

export function readJsonReply(reply: string): ReadReply {
  const trimmed = reply.trim();
  const unfenced = FENCE.exec(trimmed)?.[1]?.trim() ?? trimmed;
  const parsed = parse(unfenced) ?? embeddedObject(unfenced);
  if (parsed === undefined) return { problem: '/: the reply is not JSON' };
  return { value: parsed.value };
}

function parse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** A JSON object inside prose ("Here is the data: {…}"): from the first `{` to the last `}`. */
function embeddedObject(text: string): { value: unknown } | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? parse(text.slice(start, end + 1)) : undefined;
}

/** What is wrong with `value` when no schema was given: anything but a JSON object. */
export function objectProblems(value: unknown): string[] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? [] : ['/: must be a JSON object'];
}

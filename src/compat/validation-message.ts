/**
 * One readable sentence for a request the compatibility surfaces refuse: Fastify's schema errors
 * (Ajv) and body-parse errors, in the words the vendor formats carry as a single message.
 */
interface AjvIssue {
  readonly keyword: string;
  readonly instancePath: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

function fieldOf(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') return [path, String(issue.params.missingProperty)].filter(Boolean).join('.');
  if (issue.keyword === 'additionalProperties') return [path, String(issue.params.additionalProperty)].filter(Boolean).join('.');
  return path || 'body';
}

function sentenceOf(issue: AjvIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not supported by this server';
    case 'enum':
      return `must be one of ${(issue.params.allowedValues as unknown[]).map(String).join(', ')}`;
    default:
      return issue.message ?? 'is invalid';
  }
}

/** The first issue of the deepest field. */
function deepest(issues: readonly AjvIssue[]): AjvIssue {
  const depth = (issue: AjvIssue) => issue.instancePath.split('/').length;
  return issues.reduce((best, issue) => (depth(issue) > depth(best) ? issue : best));
}

/** The message for an error Fastify raised before the handler ran, or undefined for any other error. */
export function requestErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const validation = (error as { validation?: AjvIssue[] }).validation;
  if (Array.isArray(validation) && validation.length > 0) {
    // The most specific issue first: an unknown field or a missing one says more than a union mismatch,
    // and the deepest field says more than its parent (`highlights.numSentences` over `highlights must be boolean`).
    const issue = validation.find((i) => i.keyword === 'additionalProperties' || i.keyword === 'required') ?? deepest(validation);
    return `${fieldOf(issue)} ${sentenceOf(issue)}`;
  }
  const status = (error as { statusCode?: number; status?: number }).statusCode ?? (error as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error) return error.message;
  return undefined;
}

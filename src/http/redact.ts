/**
 * Query parameters that can carry a credential. Some clients put an API key in the URL
 * (`?api_key=`); the URL then travels into logs, error reports and pagination links, so the
 * value is cut out wherever a URL leaves the request.
 */
const CREDENTIAL_PARAM = /^(?:api[_-]?key|x-api-key|key|access_token|token|refresh|password|secret)$/i;
const CREDENTIAL_IN_TEXT = /([?&;](?:api[_-]?key|x-api-key|key|access_token|token|refresh|password|secret)=)[^&#\s"'<>]*/gi;

export const REDACTED = '[redacted]';

/** `…?api_key=qk_…&page=2` → `…?api_key=[redacted]&page=2`, anywhere in a text (a URL, an error message, a stack). */
export function redactCredentialParams(text: string): string {
  return text.replace(CREDENTIAL_IN_TEXT, `$1${REDACTED}`);
}

/** Removes credential parameters from a URL that is handed back to the client (a `next` link). */
export function dropCredentialParams(url: URL): void {
  for (const name of [...url.searchParams.keys()]) {
    if (CREDENTIAL_PARAM.test(name)) url.searchParams.delete(name);
  }
}

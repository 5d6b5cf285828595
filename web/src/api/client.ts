import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** Field errors (DRF: field → messages) and a `detail` line, as the API sends them. */
export interface ApiProblem {
  readonly kind: 'http' | 'network';
  readonly status: number;
  readonly detail: string | undefined;
  readonly fields: Readonly<Record<string, readonly string[]>>;
  readonly body: unknown;
}

export type Result<T> = { ok: true; data: T; response: Response } | { ok: false; problem: ApiProblem };

let refreshing: Promise<boolean> | undefined;
let onSessionLost: () => void = () => undefined;

/** What to do when the refresh token no longer works (the app sends the user to the login page). */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

/** One refresh at a time, however many requests found the access cookie expired at once. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/v1/auth/jwt/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

const NO_REFRESH = /\/api\/v1\/auth\/(jwt\/|session\/|users\/(?:$|activation|reset_password)|resend-activation)/;

/**
 * The browser's credentials are the HttpOnly cookies login sets; nothing is kept in storage.
 * A 401 from a token-authenticated endpoint gets one transparent refresh and one retry; when the
 * refresh fails too, the session is over.
 */
async function fetchWithRefresh(request: Request): Promise<Response> {
  const retry = request.clone();
  const response = await fetch(request);
  const metered = request.headers.has('x-api-key');
  if (response.status !== 401 || metered || NO_REFRESH.test(new URL(request.url).pathname)) return response;
  if (await refreshSession()) return fetch(retry);
  onSessionLost();
  return response;
}

export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin', fetch: fetchWithRefresh });

function problemOf(status: number, body: unknown): ApiProblem {
  const fields: Record<string, string[]> = {};
  let detail: string | undefined;
  if (Array.isArray(body)) detail = body.map(String).join(' ');
  else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (key === 'detail' || key === 'error') detail = String(value);
      else if (key === 'non_field_errors' && Array.isArray(value)) detail = value.map(String).join(' ');
      else if (Array.isArray(value)) fields[key] = value.map(String);
    }
  }
  if (!detail && Object.keys(fields).length === 0) detail = `The server answered ${status}.`;
  return { kind: 'http', status, detail, fields, body };
}

/** Runs an openapi-fetch call and folds its outcomes, network failure included, into one Result. */
export async function call<T>(request: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Result<T>> {
  try {
    const { data, error, response } = await request();
    if (response.ok) return { ok: true, data: data as T, response };
    return { ok: false, problem: problemOf(response.status, error) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: { kind: 'network', status: 0, detail: `Quarry could not be reached (${detail}).`, fields: {}, body: undefined } };
  }
}

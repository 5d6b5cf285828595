import { useEffect, useState } from 'preact/hooks';
import { api, call, refreshSession, type ApiProblem } from './api/client';
import type { components } from './api/schema';

export type Me = components['schemas']['User'];

type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'user'; me: Me } | { status: 'error'; problem: ApiProblem };

let state: SessionState = { status: 'loading' };
let firstLoad: Promise<void> | undefined;
const listeners = new Set<() => void>();
const set = (next: SessionState) => {
  state = next;
  for (const listener of listeners) listener();
};

const askSession = () => call(() => api.GET('/api/v1/auth/session/'));

/**
 * Asks the API who is logged in (the cookies say; the page cannot read them). The session endpoint
 * answers 200 either way, and refreshing is tried only when it says the refresh cookie still works:
 * a visitor who is not logged in sees no failed request.
 */
export async function reloadSession(): Promise<void> {
  let result = await askSession();
  if (result.ok && result.data.refreshable && (await refreshSession())) result = await askSession();
  if (!result.ok) set({ status: 'error', problem: result.problem });
  else if (result.data.user) set({ status: 'user', me: result.data.user });
  else set({ status: 'anonymous' });
}

export function forgetSession(): void {
  set({ status: 'anonymous' });
}

export function useSession(): SessionState {
  const [, rerender] = useState(0);
  useEffect(() => {
    const listener = () => rerender((n) => n + 1);
    listeners.add(listener);
    // Every component that reads the session mounts at once: one question answers them all.
    if (state.status === 'loading') firstLoad ??= reloadSession();
    return () => void listeners.delete(listener);
  }, []);
  return state;
}

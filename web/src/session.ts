import { useEffect, useState } from 'preact/hooks';
import { api, call, type ApiProblem } from './api/client';
import type { components } from './api/schema';

export type Me = components['schemas']['User'];

type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'user'; me: Me } | { status: 'error'; problem: ApiProblem };

let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();
const set = (next: SessionState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** Asks the API who is logged in (the cookies say; the page cannot read them). */
export async function reloadSession(): Promise<void> {
  const result = await call(() => api.GET('/api/v1/auth/users/me/'));
  if (result.ok) set({ status: 'user', me: result.data });
  else if (result.problem.kind === 'http' && result.problem.status === 401) set({ status: 'anonymous' });
  else set({ status: 'error', problem: result.problem });
}

export function forgetSession(): void {
  set({ status: 'anonymous' });
}

export function useSession(): SessionState {
  const [, rerender] = useState(0);
  useEffect(() => {
    const listener = () => rerender((n) => n + 1);
    listeners.add(listener);
    if (state.status === 'loading') void reloadSession();
    return () => void listeners.delete(listener);
  }, []);
  return state;
}

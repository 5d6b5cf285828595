import { useEffect, useState } from 'preact/hooks';
import { api, call } from './api/client';

/**
 * The account's balance, one reading shared by every view that shows it (the header, the Usage
 * page's Balance card, a confirmed purchase), so no two of them disagree. It is refreshed after
 * every metered call the dashboard makes and whenever the page comes back into view, since calls
 * made elsewhere (a script with the same key, another tab) change it too.
 */
let credits: number | undefined;
let refreshing: Promise<number | undefined> | undefined;
const listeners = new Set<() => void>();

export function setBalance(next: number | undefined): void {
  if (next === credits) return;
  credits = next;
  for (const listener of listeners) listener();
}

/** Reads the balance from the API; concurrent callers (a focus and a visibility change at once) share one request. */
export function refreshBalance(): Promise<number | undefined> {
  refreshing ??= call(() => api.GET('/api/v1/account/credits/'))
    .then((result) => {
      if (result.ok) setBalance(result.data.credits_remaining);
      return result.ok ? result.data.credits_remaining : credits;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * After a metered call: the `X-Credits-Remaining` header is the balance right after it; an answer
 * without one (refused before metering, a network failure) leaves the balance to be read again.
 */
export function balanceAfterCall(response: Response | undefined): void {
  const remaining = response?.headers.get('x-credits-remaining');
  if (remaining !== null && remaining !== undefined && /^\d+$/.test(remaining)) setBalance(Number(remaining));
  else void refreshBalance();
}

export function useBalance(): number | undefined {
  const [, rerender] = useState(0);
  useEffect(() => {
    const listener = () => rerender((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return credits;
}

/** While `active` (someone is logged in), rereads the balance whenever the page regains focus or becomes visible. */
export function useBalanceFreshOnReturn(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') void refreshBalance();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [active]);
}

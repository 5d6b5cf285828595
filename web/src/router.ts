import { useEffect, useState } from 'preact/hooks';

/** A small history-API router: the server answers every dashboard path with index.html. */
const listeners = new Set<() => void>();

/**
 * Pages whose Content-Security-Policy lets Paddle.js in: the server sets it per document, so
 * reaching them needs a real page load rather than a client-side route change.
 */
const FULL_LOAD = new Set(['/plans', '/checkout']);

/** True for a path on this origin (`/x`, not `//host` nor `/\\host`, which browsers read as another host). */
export function isOwnPath(to: string): boolean {
  return to.startsWith('/') && new URL(to, location.origin).origin === location.origin;
}

export function navigate(to: string, replace = false): void {
  const target = new URL(to, location.href);
  if (target.origin !== location.origin) throw new Error(`refusing to navigate off this origin: ${to}`);
  if (FULL_LOAD.has(target.pathname) !== FULL_LOAD.has(location.pathname)) {
    if (replace) location.replace(target.href);
    else location.assign(target.href);
    return;
  }
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const update = () => setUrl(new URL(location.href));
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return url;
}

/** Internal links navigate without a page load; modified clicks keep the browser's behaviour. */
export function onLinkClick(event: MouseEvent): void {
  const anchor = (event.target as Element | null)?.closest('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download') || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (url.hash && url.pathname === location.pathname) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
}

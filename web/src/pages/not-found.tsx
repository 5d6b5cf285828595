import { useEffect } from 'preact/hooks';
import { Card } from '../ui';

/** What a mistyped or outdated address shows (the server answers such paths with this app and a 404). */
export function NotFoundPage({ path }: { path: string }) {
  useEffect(() => {
    const before = document.title;
    document.title = 'Page not found · Quarry';
    return () => void (document.title = before);
  }, []);
  return (
    <div class="auth">
      <h1>Page not found</h1>
      <Card>
        <p>
          There is no page at <code>{path}</code>. The address may be mistyped, or the page may have moved.
        </p>
        <p class="links">
          <a class="button primary" href="/">
            Go to the dashboard
          </a>
        </p>
      </Card>
    </div>
  );
}

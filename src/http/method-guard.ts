/**
 * Remembers every route's path pattern and methods so an unmatched request can be told
 * apart: a known path with another method is DRF's 405, anything else is 404.
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(url: string, methods: readonly string[]): void {
    let known = this.byUrl.get(url);
    if (!known) {
      known = new Set();
      this.byUrl.set(url, known);
      const body = url
        .replace(/\/+$/, '')
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      this.routes.push({ pattern: new RegExp(`^${body}/?$`), methods: known });
    }
    for (const method of methods) known.add(method.toUpperCase());
  }

  /** Methods allowed at a concrete path; empty when no route has the path. */
  allowedAt(path: string): string[] {
    const allowed = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
    }
    return [...allowed];
  }
}

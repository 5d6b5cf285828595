/**
 * DNS-rebinding protection for `/mcp`: the host names a browser may have been tricked into
 * sending there are refused. Allowed are `MCP_ALLOWED_HOSTS`, or else the host of `PUBLIC_URL`,
 * the listening address (`HOST`, unless it is a wildcard) and the loopback names.
 */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

export function mcpAllowedHosts(settings: {
  readonly mcpAllowedHosts: readonly string[];
  readonly publicUrl?: string | undefined;
  readonly host: string;
}): Set<string> {
  if (settings.mcpAllowedHosts.length > 0) return new Set(settings.mcpAllowedHosts.map((host) => host.toLowerCase()));
  const hosts = new Set(LOOPBACK_NAMES);
  if (settings.publicUrl) hosts.add(new URL(settings.publicUrl).hostname.toLowerCase());
  const listen = settings.host.includes(':') && !settings.host.startsWith('[') ? `[${settings.host}]` : settings.host;
  if (!WILDCARDS.has(settings.host)) hosts.add(listen.toLowerCase());
  return hosts;
}

/** The host name of a `Host` header value (port removed, IPv6 kept in brackets), or undefined when malformed. */
export function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Why a request must be refused, or undefined when its Host (and Origin, if any) are allowed. */
export function rebindingProblem(allowed: ReadonlySet<string>, host: string | undefined, origin: string | undefined): string | undefined {
  if (host === undefined || host === '') return 'Missing Host header';
  const hostname = hostnameOf(host);
  if (hostname === undefined || !allowed.has(hostname)) return `Invalid Host header: ${host}`;
  if (origin !== undefined) {
    // An opaque origin ("null": sandboxed frames, file pages) cannot be allowed by name.
    const originHost = origin === 'null' ? undefined : hostnameOfUrl(origin);
    if (originHost === undefined || !allowed.has(originHost)) return `Invalid Origin header: ${origin}`;
  }
  return undefined;
}

function hostnameOfUrl(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

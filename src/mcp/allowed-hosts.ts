/**
 * DNS-rebinding and cross-origin protection for `/mcp`. The `Host` must name an allowed host:
 * `MCP_ALLOWED_HOSTS`, or else the host of `PUBLIC_URL`, the listening address (`HOST`, unless it
 * is a wildcard) and the loopback names. An `Origin`, when a browser sends one, must be allowed
 * whole (scheme, host and port): any page on `localhost`, whatever its port or scheme (another
 * local app, a browser extension), is a different origin from Quarry's and may not drive its tools.
 */
import { originOf } from '../config/settings.js';

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

/** The origins allowed besides the request's own: `MCP_ALLOWED_ORIGINS`, or else the origin of `PUBLIC_URL`. */
export function mcpAllowedOrigins(settings: { readonly mcpAllowedOrigins: readonly string[]; readonly publicUrl?: string | undefined }): Set<string> {
  if (settings.mcpAllowedOrigins.length > 0) return new Set(settings.mcpAllowedOrigins);
  const publicOrigin = settings.publicUrl ? originOf(new URL(settings.publicUrl).origin) : undefined;
  return new Set(publicOrigin === undefined ? [] : [publicOrigin]);
}

export interface RebindingPolicy {
  /** Host names, lower case, IPv6 in brackets. */
  readonly hosts: ReadonlySet<string>;
  /** Whole origins (`scheme://host[:port]`) as `originOf` writes them. */
  readonly origins: ReadonlySet<string>;
}

/** The host name of a `Host` header value (port removed, IPv6 kept in brackets), or undefined when malformed. */
export function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Why a request must be refused, or undefined when its Host is allowed and its Origin, if any, is
 * allowed or is the request's own (`protocol://Host`, the page Quarry itself served).
 */
export function rebindingProblem(
  policy: RebindingPolicy,
  request: { readonly host: string | undefined; readonly origin: string | undefined; readonly protocol: 'http' | 'https' },
): string | undefined {
  const { host, origin } = request;
  if (host === undefined || host === '') return 'Missing Host header';
  const hostname = hostnameOf(host);
  if (hostname === undefined || !policy.hosts.has(hostname)) return `Invalid Host header: ${host}`;
  if (origin !== undefined) {
    // An opaque origin ("null": sandboxed frames, file pages) cannot be allowed by name.
    const sent = origin === 'null' ? undefined : originOf(origin);
    const own = originOf(`${request.protocol}://${host}`);
    if (sent === undefined || (sent !== own && !policy.origins.has(sent))) return `Invalid Origin header: ${origin}`;
  }
  return undefined;
}

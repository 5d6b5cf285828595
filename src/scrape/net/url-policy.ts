import { classifyAddress, isIpLiteral } from './address.js';
import { ScrapeNetworkError } from './errors.js';

const SUPPORTED_SCHEMES = new Set(['http:', 'https:']);

/**
 * Parses a user-supplied target with the WHATWG URL parser, which also turns
 * decimal, octal and hex IPv4 spellings (`http://2130706433/`, `http://0x7f.1/`)
 * into dotted quads, so later checks see the address the socket would use.
 */
export function parseTargetUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input.toString());
  } catch {
    throw new ScrapeNetworkError('invalid_url', 'The URL is not valid.');
  }
  if (!SUPPORTED_SCHEMES.has(url.protocol)) {
    throw new ScrapeNetworkError('unsupported_scheme', `The URL scheme "${url.protocol.replace(/:$/, '')}" is not supported; use http or https.`);
  }
  if (url.hostname === '') throw new ScrapeNetworkError('invalid_url', 'The URL has no host.');
  return url;
}

/** The port a request to `url` goes to, filling in the scheme's default. */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** `hostname:port` as written in the allow-list; IPv6 hosts keep their brackets. */
export function hostKey(hostname: string, port: number): string {
  const bare = stripBrackets(hostname).toLowerCase();
  return `${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
}

export function hostKeyOfUrl(url: URL): string {
  return hostKey(url.hostname, effectivePort(url));
}

export function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * The `host:port` pairs an operator trusts despite their address (for example
 * an intranet service, or the loopback fixture site in tests). This is the only
 * bypass of the address checks.
 */
export interface HostAllowlist {
  allows(hostname: string, port: number): boolean;
}

/** @throws Error when an entry is not `host:port` — a configuration mistake worth failing start-up for. */
export function createHostAllowlist(entries: readonly string[]): HostAllowlist {
  const keys = new Set(entries.map(normaliseAllowlistEntry));
  return { allows: (hostname, port) => keys.has(hostKey(hostname, port)) };
}

function normaliseAllowlistEntry(entry: string): string {
  const trimmed = entry.trim();
  let parsed: URL;
  try {
    parsed = new URL(`http://${trimmed}`);
  } catch {
    throw new Error(`Allowed host "${entry}" is not host:port`);
  }
  const hasExplicitPort = /:\d+$/.test(trimmed);
  if (!hasExplicitPort || parsed.pathname !== '/' || parsed.username !== '') {
    throw new Error(`Allowed host "${entry}" is not host:port`);
  }
  return hostKey(parsed.hostname, Number(parsed.port === '' ? 80 : parsed.port));
}

/**
 * Refuses targets that are non-public without any name resolution: IP literals
 * in blocked ranges and the `localhost` names (RFC 6761 reserves them for
 * loopback whatever DNS says). Names are checked again once resolved.
 */
export function assertHostNotObviouslyBlocked(hostname: string, port: number, allowlist: HostAllowlist): void {
  if (allowlist.allows(hostname, port)) return;
  const bare = stripBrackets(hostname).toLowerCase();
  if (isLocalhostName(bare)) {
    throw blockedAddressError(hostname, 'a loopback name');
  }
  if (isIpLiteral(bare)) {
    const range = classifyAddress(bare);
    if (range !== 'public') throw blockedAddressError(hostname, describeRange(range));
  }
}

export function isLocalhostName(hostname: string): boolean {
  const withoutTrailingDot = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return withoutTrailingDot === 'localhost' || withoutTrailingDot.endsWith('.localhost');
}

export function blockedAddressError(host: string, why: string): ScrapeNetworkError {
  return new ScrapeNetworkError('blocked_address', `Refusing to connect to ${host}: it is ${why}, not a public internet address.`);
}

export function describeRange(range: string): string {
  const names: Record<string, string> = {
    unspecified: 'an unspecified address',
    loopback: 'a loopback address',
    private: 'a private-network address',
    link_local: 'a link-local address',
    cgnat: 'a carrier-grade NAT address',
    multicast: 'a multicast address',
    broadcast: 'the broadcast address',
    reserved: 'a reserved address',
    benchmarking: 'a benchmarking address',
    documentation: 'a documentation address',
    ietf_protocol: 'an IETF protocol address',
    unique_local: 'a unique-local address',
    site_local: 'a site-local address',
  };
  return names[range] ?? `in the ${range} range`;
}

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
 *
 * An entry that is an IP address also admits every name that resolves to exactly
 * that address, on that port only: `127.0.0.1:8732` lets `localhost:8732` through
 * when `localhost` resolves to 127.0.0.1. That opens nothing new, since the address
 * itself was already reachable by its literal; a name entry (`intranet.local:80`)
 * still admits that name whatever it resolves to, and nothing else.
 */
export interface HostAllowlist {
  /** The pair is listed as written (a name, or an address literal). */
  allows(hostname: string, port: number): boolean;
  /** The resolved (or connected) address is listed as an address entry on this port. */
  allowsAddress(address: string, port: number): boolean;
  /** Some address entry names this port, so a loopback name might resolve to it. */
  hasAddressesOn(port: number): boolean;
}

/** @throws Error when an entry is not `host:port` — a configuration mistake worth failing start-up for. */
export function createHostAllowlist(entries: readonly string[]): HostAllowlist {
  const keys = new Set(entries.map(normaliseAllowlistEntry));
  const addressPorts = new Set(
    entries.flatMap((entry) => {
      const { hostname, port } = new URL(`http://${entry.trim()}`);
      return isIpLiteral(stripBrackets(hostname)) ? [Number(port === '' ? 80 : port)] : [];
    }),
  );
  return {
    allows: (hostname, port) => keys.has(hostKey(hostname, port)),
    allowsAddress: (address, port) => addressPorts.has(port) && keys.has(hostKey(canonicalAddress(address), port)),
    hasAddressesOn: (port) => addressPorts.has(port),
  };
}

/** An address as the allow-list writes it: IPv4 dotted (also out of `::ffff:a.b.c.d`), IPv6 compressed. */
function canonicalAddress(address: string): string {
  const bare = stripBrackets(address);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  try {
    return stripBrackets(new URL(`http://[${bare}]/`).hostname);
  } catch {
    return bare;
  }
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
  // A loopback name may resolve to an allow-listed address on this port: the resolution decides.
  if (isLocalhostName(bare) && !allowlist.hasAddressesOn(port)) {
    throw blockedAddressError(hostname, port, 'a loopback name');
  }
  if (isIpLiteral(bare)) {
    const range = classifyAddress(bare);
    if (range !== 'public') throw blockedAddressError(hostname, port, describeRange(range));
  }
}

export function isLocalhostName(hostname: string): boolean {
  const withoutTrailingDot = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return withoutTrailingDot === 'localhost' || withoutTrailingDot.endsWith('.localhost');
}

/** The refusal, naming the setting that would allow the target, so a self-hoster knows what to change. */
export function blockedAddressError(host: string, port: number, why: string): ScrapeNetworkError {
  return new ScrapeNetworkError(
    'blocked_address',
    `Refusing to connect to ${host}: it is ${why}, not a public internet address. To allow it, add ${hostKey(host, port)} to SCRAPE_ALLOWED_HOSTS.`,
  );
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

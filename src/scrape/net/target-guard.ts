import { lookup } from 'node:dns/promises';
import { isIP, type Socket } from 'node:net';
import { classifyAddress } from './address.js';
import { ScrapeNetworkError } from './errors.js';
import { toScrapeNetworkError } from './error-mapping.js';
import { assertHostNotObviouslyBlocked, blockedAddressError, createHostAllowlist, describeRange, isLocalhostName, stripBrackets } from './url-policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host name to the addresses a connection may use. Implementations
 * must return every candidate address (the guard refuses the host if any is
 * blocked) and reject with the system error (ENOTFOUND, EAI_AGAIN…) on failure.
 */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver, as a browser or curl would use. */
export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface TargetGuardOptions {
  /** Default: the system resolver (`dns.promises.lookup` with `all: true`). */
  resolver?: HostResolver;
  /** `host:port` pairs exempt from the address checks (e.g. `SCRAPE_ALLOWED_HOSTS`). Default: none. */
  allowedHosts?: readonly string[];
}

/**
 * Decides which addresses a connection to `hostname:port` may use. Every
 * outbound connection of the scraper — fetch engine and browser proxy — goes
 * through one of these.
 */
export interface TargetGuard {
  /**
   * Resolves the host and returns the addresses to connect to, in order.
   * Rejects with `blocked_address` if the host is a blocked literal or name, or
   * if ANY resolved address is blocked (a name mixing public and private answers
   * is refused, since the connection could land on either); with `dns` when the
   * name does not resolve.
   */
  resolve(hostname: string, port: number): Promise<ResolvedAddress[]>;
  /**
   * Checks the address a socket actually connected to. Call after connecting:
   * whatever happened between resolution and connect, the peer is judged again.
   */
  assertPeerAllowed(socket: Socket, hostname: string, port: number): void;
  /**
   * The checks that need no DNS: blocked IP literals and `localhost` names.
   * Throws `blocked_address`; cheap enough to run before every request.
   */
  precheck(hostname: string, port: number): void;
  /** Whether the host:port pair is on the allow-list. */
  isAllowed(hostname: string, port: number): boolean;
}

export function createTargetGuard(options: TargetGuardOptions = {}): TargetGuard {
  const resolver = options.resolver ?? systemResolver;
  const allowlist = createHostAllowlist(options.allowedHosts ?? []);

  async function resolve(hostname: string, port: number): Promise<ResolvedAddress[]> {
    assertHostNotObviouslyBlocked(hostname, port, allowlist);
    const bare = stripBrackets(hostname);
    const literalFamily = isIP(bare);
    if (literalFamily !== 0) return [{ address: bare, family: literalFamily === 6 ? 6 : 4 }];

    let addresses: ResolvedAddress[];
    try {
      addresses = await resolver(bare);
    } catch (error) {
      throw toScrapeNetworkError(error, hostname);
    }
    if (addresses.length === 0) {
      throw new ScrapeNetworkError('dns', `The host name could not be resolved (${hostname}, no addresses).`);
    }
    if (allowlist.allows(hostname, port)) return addresses;
    // A name resolving to an allow-listed address is let through to that address only: the
    // connection never tries its other answers (`localhost` is often ::1 besides 127.0.0.1).
    const admitted = addresses.filter(({ address }) => allowlist.allowsAddress(address, port));
    if (admitted.length > 0) return admitted;
    if (isLocalhostName(bare.toLowerCase())) throw blockedAddressError(hostname, port, 'a loopback name');
    for (const { address } of addresses) {
      const range = classifyAddress(address);
      if (range !== 'public') throw blockedAddressError(hostname, port, `resolving to ${describeRange(range)}`);
    }
    return addresses;
  }

  function assertPeerAllowed(socket: Socket, hostname: string, port: number): void {
    if (allowlist.allows(hostname, port)) return;
    const peer = socket.remoteAddress;
    if (peer === undefined) {
      throw new ScrapeNetworkError('reset', `The connection was reset by the target (${hostname}).`);
    }
    if (allowlist.allowsAddress(peer, port)) return;
    const range = classifyAddress(peer);
    if (range !== 'public') throw blockedAddressError(hostname, port, `connected to ${describeRange(range)}`);
  }

  return {
    resolve,
    assertPeerAllowed,
    precheck: (hostname, port) => assertHostNotObviouslyBlocked(hostname, port, allowlist),
    isAllowed: (hostname, port) => allowlist.allows(hostname, port),
  };
}

import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { createGuardedConnector } from './guarded-connector.js';
import type { TargetGuard } from './target-guard.js';
import { effectivePort } from './url-policy.js';

export interface GuardedNetworkOptions {
  guard: TargetGuard;
  /** Per-address connect timeout. Default 10 000 ms. */
  connectTimeoutMs?: number;
  /**
   * Optional outbound HTTP(S) proxy (`http://user:pass@proxy:3128`). Default: none.
   *
   * With a proxy the proxy opens the connections, so the connect-time check
   * cannot run. Instead `admit` resolves the target name and checks every
   * address before each request (and each redirect hop). That refuses targets
   * that are private literals, private names, or names whose DNS answers are
   * private as seen from this host. It does NOT protect against the proxy
   * resolving the name differently (split-horizon DNS, or a rebinding answer
   * between our lookup and the proxy's), nor against what the proxy itself can
   * reach: the proxy must be egress-filtered on its own.
   */
  proxyUrl?: string;
}

/** The network a fetch goes through: a dispatcher plus the check to run before using it. */
export interface GuardedNetwork {
  dispatcher: Dispatcher;
  /**
   * Runs before each request (and each redirect hop). Rejects with
   * `blocked_address` for targets the guard refuses. Without a proxy only the
   * checks that need no DNS run here (the connector resolves and checks at
   * connect time); with a proxy the name is resolved and checked here.
   */
  admit(url: URL): Promise<void>;
  close(): Promise<void>;
}

export function createGuardedNetwork(options: GuardedNetworkOptions): GuardedNetwork {
  const { guard } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;

  if (options.proxyUrl !== undefined) {
    const dispatcher = new ProxyAgent({ uri: options.proxyUrl, connectTimeout: connectTimeoutMs });
    return {
      dispatcher,
      admit: async (url) => {
        await guard.resolve(url.hostname, effectivePort(url));
      },
      close: () => dispatcher.close(),
    };
  }

  const dispatcher = new Agent({ connect: createGuardedConnector(guard, { connectTimeoutMs }) });
  return {
    dispatcher,
    // Only the checks that need no DNS: a lookup here would be repeated by the connector.
    admit: async (url) => guard.precheck(url.hostname, effectivePort(url)),
    close: () => dispatcher.close(),
  };
}

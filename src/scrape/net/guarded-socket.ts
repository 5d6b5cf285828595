import { connect, type Socket } from 'node:net';
import { connectFirstReachable } from './guarded-connector.js';
import { toScrapeNetworkError } from './error-mapping.js';
import type { ResolvedAddress, TargetGuard } from './target-guard.js';
import { hostKey } from './url-policy.js';

export interface GuardedSocketOptions {
  /** Per-address connect timeout. Default 10 000 ms. */
  connectTimeoutMs?: number;
}

/**
 * Opens a plain TCP connection to `hostname:port` under the same rules as the
 * fetch engine's connector: resolve and check every address, connect by IP,
 * re-check the connected peer. Rejects with a ScrapeNetworkError for every
 * target-side failure.
 */
export async function openGuardedSocket(guard: TargetGuard, hostname: string, port: number, options: GuardedSocketOptions = {}): Promise<Socket> {
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  const target = hostKey(hostname, port);
  try {
    const candidates = await guard.resolve(hostname, port);
    const socket = await connectFirstReachable(candidates, (candidate) => connectTcp(candidate, port, timeoutMs));
    try {
      guard.assertPeerAllowed(socket, hostname, port);
    } catch (refusal) {
      socket.destroy();
      throw refusal;
    }
    return socket;
  } catch (error) {
    throw toScrapeNetworkError(error, target);
  }
}

function connectTcp(candidate: ResolvedAddress, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: candidate.address, port, family: candidate.family });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`connect ETIMEDOUT ${candidate.address}:${port}`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeListener('error', onError);
      resolve(socket);
    });
    const onError = (error: Error): void => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once('error', onError);
  });
}

import { isIP, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import type { ResolvedAddress, TargetGuard } from './target-guard.js';

const RETRY_NEXT_ADDRESS_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export interface GuardedConnectorOptions {
  /** Per-address TCP+TLS connect timeout. Default 10 000 ms. */
  connectTimeoutMs?: number;
}

/**
 * An undici connector that never lets a socket reach a blocked address: it asks
 * the guard for checked addresses, connects to one of them by IP (so no second,
 * unchecked DNS lookup happens), keeps the original name for TLS SNI and
 * certificate checks, and judges the connected peer once more before handing
 * the socket to undici.
 */
export function createGuardedConnector(guard: TargetGuard, options: GuardedConnectorOptions = {}): buildConnector.connector {
  const connectToAddress = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 });

  return (connectOptions, callback) => {
    const { hostname, protocol } = connectOptions;
    const port = connectOptions.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(connectOptions.port);
    const servername = connectOptions.servername ?? (isIP(hostname) === 0 ? hostname : undefined);

    const connectOne = (candidate: ResolvedAddress): Promise<Socket> =>
      new Promise((resolve, reject) => {
        connectToAddress({ ...connectOptions, hostname: candidate.address, servername }, (error, socket) => {
          if (error) reject(error);
          else resolve(socket);
        });
      });

    guard
      .resolve(hostname, port)
      .then((candidates) => connectFirstReachable(candidates, connectOne))
      .then((socket) => {
        try {
          guard.assertPeerAllowed(socket, hostname, port);
        } catch (refusal) {
          socket.destroy();
          throw refusal;
        }
        callback(null, socket);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  };
}

/** Tries each address in turn, moving on only for errors that say "not this address". */
export async function connectFirstReachable<T>(candidates: readonly ResolvedAddress[], connect: (candidate: ResolvedAddress) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (const candidate of candidates) {
    try {
      return await connect(candidate);
    } catch (error) {
      lastError = error;
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
      if (!RETRY_NEXT_ADDRESS_CODES.has(code)) throw error;
    }
  }
  throw lastError;
}

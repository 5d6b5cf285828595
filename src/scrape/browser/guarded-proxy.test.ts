import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site.js';
import { ScrapeNetworkError } from '../net/errors.js';
import { createFetchEngine } from '../net/fetch-engine.js';
import { createTargetGuard, systemResolver } from '../net/target-guard.js';
import { PROXY_ERROR_HEADER, startGuardedProxy, type GuardedProxy, type ProxyFailure } from './guarded-proxy.js';

let site: FixtureSite;
let proxy: GuardedProxy;
const failures: ProxyFailure[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  // `localhost` answered as ::1 only: a loopback name resolving to no allow-listed address (the
  // fixture is allowed as 127.0.0.1:PORT, which would admit a localhost resolving to 127.0.0.1).
  const resolver = async (hostname: string) => (hostname === 'localhost' ? [{ address: '::1', family: 6 as const }] : systemResolver(hostname));
  proxy = await startGuardedProxy({ guard: createTargetGuard({ allowedHosts: [site.host], resolver }) });
  proxy.onFailure((failure) => failures.push(failure));
});

afterAll(async () => {
  await proxy.close();
  await site.close();
});

function viaProxy(absoluteUrl: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const proxyUrl = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: proxyUrl.hostname, port: proxyUrl.port, path: absoluteUrl, method: 'GET' });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Sends a CONNECT and returns the proxy's status line, then (if established) the tunnelled answer to `payload`. */
function connectThroughProxy(target: string, payload: string): Promise<string> {
  const proxyUrl = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(proxyUrl.port), proxyUrl.hostname, () => {
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    });
    let received = '';
    let sentPayload = false;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!sentPayload && received.startsWith('HTTP/1.1 200') && received.includes('\r\n\r\n')) {
        sentPayload = true;
        socket.write(payload);
      }
    });
    socket.on('end', () => resolve(received));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('guarded forward proxy', () => {
  it('forwards a plain HTTP request to an allowed host', async () => {
    const answer = await viaProxy(`${site.url}/html/basic`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Basic fixture page');
  });

  it('refuses a plain HTTP request to a loopback name and says why', async () => {
    const before = site.requests().length;
    const answer = await viaProxy(`http://localhost:${site.port}/probe?via=proxy-test`);
    expect(answer.status).toBe(403);
    expect(answer.headers[PROXY_ERROR_HEADER]).toBe('blocked_address');
    expect(site.requests().length).toBe(before);
    expect(failures).toContainEqual({ target: `localhost:${site.port}`, error: expect.any(ScrapeNetworkError) });
  });

  it('opens a CONNECT tunnel to an allowed host', async () => {
    const answer = await connectThroughProxy(site.host, `GET /html/basic HTTP/1.1\r\nHost: ${site.host}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(answer).toContain('Basic fixture page');
  });

  it.each(['localhost', '127.0.0.2', '[::1]', '2130706434', '0x7f.2'])('refuses a CONNECT tunnel to %s', async (host) => {
    const before = site.requests().length;
    const answer = await connectThroughProxy(`${host}:${site.port}`, '');
    expect(answer).toMatch(/^HTTP\/1\.1 403 Forbidden\r\nx-quarry-proxy-error: blocked_address\r\n/);
    expect(site.requests().length).toBe(before);
  });

  it('serves as the outbound proxy of the fetch engine, which checks targets itself first', async () => {
    const engine = createFetchEngine({
      proxyUrl: proxy.url,
      allowedHosts: [site.host],
      resolver: async () => [{ address: '10.1.2.3', family: 4 }],
    });
    try {
      const page = await engine.fetch(`${site.url}/html/basic`);
      expect(page.text).toContain('Basic fixture page');

      const failuresBefore = failures.length;
      await expect(engine.fetch('http://intranet.example/')).rejects.toMatchObject({ code: 'blocked_address' });
      // Refused by the engine before the proxy was asked for anything.
      expect(failures.length).toBe(failuresBefore);
    } finally {
      await engine.close();
    }
  });
});

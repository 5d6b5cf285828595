import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site.js';
import { ScrapeNetworkError } from './errors.js';
import { createFetchEngine, type FetchEngine, type FetchEngineOptions } from './fetch-engine.js';
import { createTargetGuard, type HostResolver } from './target-guard.js';

let site: FixtureSite;
const engines: FetchEngine[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
});

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await site.close();
});

function engineWith(options: FetchEngineOptions = {}): FetchEngine {
  const engine = createFetchEngine(options);
  engines.push(engine);
  return engine;
}

async function failureOf(promise: Promise<unknown>): Promise<ScrapeNetworkError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ScrapeNetworkError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

/** A resolver answering from a fixed table, counting its lookups; unknown names fail like the OS does. */
function tableResolver(table: Record<string, string[]>): HostResolver & { lookups: string[] } {
  const lookups: string[] = [];
  const resolver = async (hostname: string) => {
    lookups.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolver, { lookups });
}

describe('fetch engine without an allow-list', () => {
  it('refuses every spelling of loopback before connecting', async () => {
    const engine = engineWith();
    const port = site.port;
    const spellings = [
      `http://127.0.0.1:${port}/html/basic`,
      `http://localhost:${port}/html/basic`,
      `http://localhost.:${port}/html/basic`,
      `http://2130706433:${port}/html/basic`,
      `http://0x7f.1:${port}/html/basic`,
      `http://017700000001:${port}/html/basic`,
      `http://127.1:${port}/html/basic`,
      `http://0.0.0.0:${port}/html/basic`,
      `http://[::1]:${port}/html/basic`,
      `http://[::ffff:127.0.0.1]:${port}/html/basic`,
    ];
    const before = site.requests().length;
    for (const url of spellings) {
      const error = await failureOf(engine.fetch(url));
      expect(error.code, url).toBe('blocked_address');
    }
    expect(site.requests().length).toBe(before);
  });

  it('refuses a name that resolves to a private address, without sending anything', async () => {
    const resolver = tableResolver({ 'intranet.example': ['127.0.0.1'], 'metadata.example': ['169.254.169.254'] });
    const engine = engineWith({ resolver });
    const before = site.requests().length;

    const loopback = await failureOf(engine.fetch(`http://intranet.example:${site.port}/html/basic`));
    expect(loopback.code).toBe('blocked_address');
    expect(loopback.message).toBe(
      `Refusing to connect to intranet.example: it is resolving to a loopback address, not a public internet address. To allow it, add intranet.example:${site.port} to SCRAPE_ALLOWED_HOSTS.`,
    );
    const metadata = await failureOf(engine.fetch('http://metadata.example/latest/meta-data/'));
    expect(metadata.code).toBe('blocked_address');

    expect(resolver.lookups).toEqual(['intranet.example', 'metadata.example']);
    expect(site.requests().length).toBe(before);
  });

  it('refuses a name whose answers mix public and private addresses', async () => {
    const resolver = tableResolver({ 'mixed.example': ['93.184.215.14', '127.0.0.1'] });
    const error = await failureOf(engineWith({ resolver }).fetch(`http://mixed.example:${site.port}/`));
    expect(error.code).toBe('blocked_address');
  });

  it('reports a name that does not resolve as a DNS failure', async () => {
    const resolver = tableResolver({});
    const error = await failureOf(engineWith({ resolver }).fetch('http://no-such-host.example/'));
    expect(error.code).toBe('dns');
    expect(error.message).toBe('The host name could not be resolved (no-such-host.example, ENOTFOUND).');
  });

  it('reports a temporary DNS failure as a DNS failure', async () => {
    const resolver: HostResolver = async (hostname) => {
      throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN' });
    };
    const error = await failureOf(engineWith({ resolver }).fetch('http://flaky-dns.example/'));
    expect(error.code).toBe('dns');
  });
});

describe('fetch engine with the fixture site allowed', () => {
  it('refuses a redirect to a loopback name on a port that is not allowed', async () => {
    const engine = engineWith({ allowedHosts: [site.host] });
    const target = encodeURIComponent(`http://localhost:${await freePort()}/html/basic`);
    const error = await failureOf(engine.fetch(`${site.url}/redirect/302?to=${target}`));
    expect(error.code).toBe('blocked_address');
  });

  it('follows a redirect to localhost on the allowed port, since localhost resolves to the allowed address', async () => {
    const resolver = tableResolver({ localhost: ['::1', '127.0.0.1'] });
    const engine = engineWith({ allowedHosts: [site.host], resolver });
    const page = await engine.fetch(`${site.url}/redirect/to-localhost`);
    expect(page.text).toContain('Basic fixture page');
    expect(site.requests().some((request) => request.host === `localhost:${site.port}`)).toBe(true);
  });

  it('refuses a redirect to a numeric spelling of loopback', async () => {
    // Reach the site under an allowed name, so the numeric 127.0.0.1 it redirects to is not allowed.
    const resolver = tableResolver({ 'fixture.test': ['127.0.0.1'] });
    const engine = engineWith({ allowedHosts: [`fixture.test:${site.port}`], resolver });
    const error = await failureOf(engine.fetch(`http://fixture.test:${site.port}/redirect/to-numeric`));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toMatch(/^Refusing to connect to 127\.0\.0\.1: it is a loopback address/);
  });

  it('refuses a redirect to a name that resolves privately', async () => {
    // 127.0.0.2: loopback, but not the allowed address (a name resolving to 127.0.0.1 would be let through to it).
    const resolver = tableResolver({ 'rebound.example': ['127.0.0.2'] });
    const engine = engineWith({ allowedHosts: [site.host], resolver });
    const target = encodeURIComponent(`http://rebound.example:${site.port}/html/basic`);
    const error = await failureOf(engine.fetch(`${site.url}/redirect/302?to=${target}`));
    expect(error.code).toBe('blocked_address');
    expect(site.requests().some((request) => request.host.startsWith('rebound.example'))).toBe(false);
  });

  it('connects an allowed name to the address the resolver gave, keeping the Host header', async () => {
    const resolver = tableResolver({ 'fixture.test': ['127.0.0.1'] });
    const engine = engineWith({ allowedHosts: [`fixture.test:${site.port}`], resolver });
    const page = await engine.fetch(`http://fixture.test:${site.port}/echo/headers`);
    expect((JSON.parse(page.text ?? '{}') as Record<string, string>).host).toBe(`fixture.test:${site.port}`);
    expect(resolver.lookups).toContain('fixture.test');
  });
});

describe('fetch engine: connection failures are named', () => {
  it('reports a closed port as refused', async () => {
    const closedPort = await freePort();
    const engine = engineWith({ allowedHosts: [`127.0.0.1:${closedPort}`] });
    const error = await failureOf(engine.fetch(`http://127.0.0.1:${closedPort}/`));
    expect(error.code).toBe('refused');
    expect(error.message).toBe(`The connection was refused (127.0.0.1:${closedPort}, ECONNREFUSED).`);
  });

  it('reports a dropped connection as reset', async () => {
    const server = createHttpServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await failureOf(engineWith({ allowedHosts: [`127.0.0.1:${port}`] }).fetch(`http://127.0.0.1:${port}/`));
      expect(error.code).toBe('reset');
    } finally {
      server.close();
    }
  });

  it('reports https to a plain-HTTP port as a TLS failure', async () => {
    const engine = engineWith({ allowedHosts: [site.host] });
    const error = await failureOf(engine.fetch(`https://${site.host}/html/basic`));
    expect(error.code).toBe('tls');
  });

  it('sends the host name as TLS SNI and refuses an untrusted certificate', async () => {
    const serverNamesSeen: string[] = [];
    const server = createTlsServer({
      cert: readFileSync(new URL('../../../tests/support/fixtures/self-signed-cert.pem', import.meta.url)),
      key: readFileSync(new URL('../../../tests/support/fixtures/self-signed-key.pem', import.meta.url)),
      SNICallback: (servername, callback) => {
        serverNamesSeen.push(servername);
        callback(null, undefined);
      },
    });
    server.on('secureConnection', (socket) => socket.end());
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const resolver = tableResolver({ 'fixture.test': ['127.0.0.1'] });
      const engine = engineWith({ allowedHosts: [`fixture.test:${port}`], resolver });
      const error = await failureOf(engine.fetch(`https://fixture.test:${port}/`));
      expect(error.code).toBe('tls');
      expect(error.message).toBe(`The TLS handshake failed (fixture.test:${port}, DEPTH_ZERO_SELF_SIGNED_CERT).`);
      expect(serverNamesSeen).toEqual(['fixture.test']);
    } finally {
      server.close();
    }
  });
});

describe('connect-time peer check', () => {
  it('judges the address a socket really connected to', async () => {
    const guard = createTargetGuard({ allowedHosts: [site.host] });
    const socket = await new Promise<Socket>((resolve, reject) => {
      const opened = connect(site.port, '127.0.0.1', () => resolve(opened));
      opened.on('error', reject);
    });
    try {
      expect(() => guard.assertPeerAllowed(socket, 'public-looking.example', 443)).toThrow(expect.objectContaining({ code: 'blocked_address' }));
      expect(() => guard.assertPeerAllowed(socket, '127.0.0.1', site.port)).not.toThrow();
    } finally {
      socket.destroy();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

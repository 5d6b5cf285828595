import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTargetGuard, systemResolver, type HostResolver } from './target-guard.js';

// An allow-listed address admits every name that resolves to exactly it, on its port only.
// Resolvers answer from a table (no DNS); the one connection made goes to a loopback listener.
const PORT = 8732;
const resolverOf =
  (table: Record<string, string[]>): HostResolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error & { code?: string }) => ({ code: error.code, message: error.message }),
  );

describe('the target guard with an allow-listed address', () => {
  const guard = (table: Record<string, string[]>) => createTargetGuard({ allowedHosts: [`127.0.0.1:${PORT}`], resolver: resolverOf(table) });

  it('admits localhost on that port and connects only to the allow-listed address', async () => {
    const addresses = await guard({ localhost: ['::1', '127.0.0.1'] }).resolve('localhost', PORT);
    expect(addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('admits any name resolving to exactly that address, on that port only', async () => {
    expect(await guard({ 'dev.example': ['127.0.0.1'] }).resolve('dev.example', PORT)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await refusal(guard({ 'dev.example': ['127.0.0.1'] }).resolve('dev.example', PORT + 1))).toMatchObject({ code: 'blocked_address' });
    expect(await refusal(guard({ 'other.example': ['127.0.0.2'] }).resolve('other.example', PORT))).toMatchObject({ code: 'blocked_address' });
  });

  it('still refuses localhost when it resolves to nothing allowed, even to a public address', async () => {
    expect(await refusal(guard({ localhost: ['::1'] }).resolve('localhost', PORT))).toEqual({
      code: 'blocked_address',
      message: `Refusing to connect to localhost: it is a loopback name, not a public internet address. To allow it, add localhost:${PORT} to SCRAPE_ALLOWED_HOSTS.`,
    });
    expect(await refusal(guard({ localhost: ['93.184.215.14'] }).resolve('localhost', PORT))).toMatchObject({ code: 'blocked_address' });
    expect(() => guard({}).precheck('localhost', PORT + 1)).toThrow(/loopback name/);
  });

  it('matches IPv6 and IPv4-mapped spellings of an allowed address', async () => {
    const v6 = createTargetGuard({ allowedHosts: [`[::1]:${PORT}`], resolver: resolverOf({ localhost: ['0:0:0:0:0:0:0:1'] }) });
    expect(await v6.resolve('localhost', PORT)).toEqual([{ address: '0:0:0:0:0:0:0:1', family: 6 }]);
    const mapped = guard({ 'mapped.example': ['::ffff:127.0.0.1'] });
    expect(await mapped.resolve('mapped.example', PORT)).toHaveLength(1);
  });

  it('names the setting in every refusal, with the host:port to add', async () => {
    const none = createTargetGuard({ resolver: resolverOf({ 'intranet.example': ['10.0.0.7'] }) });
    expect(await refusal(none.resolve('intranet.example', 8080))).toEqual({
      code: 'blocked_address',
      message:
        'Refusing to connect to intranet.example: it is resolving to a private-network address, not a public internet address. To allow it, add intranet.example:8080 to SCRAPE_ALLOWED_HOSTS.',
    });
    expect(() => none.precheck('[::1]', 3000)).toThrow('To allow it, add [::1]:3000 to SCRAPE_ALLOWED_HOSTS.');
  });
});

describe('the connect-time peer check with an allow-listed address', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('accepts a socket to the allowed address whatever name it was opened for, on that port only', async () => {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const opened = connect(port, '127.0.0.1', () => resolve(opened));
      opened.on('error', reject);
    });
    try {
      expect(() => createTargetGuard({ allowedHosts: [`127.0.0.1:${port}`] }).assertPeerAllowed(socket, 'localhost', port)).not.toThrow();
      expect(() => createTargetGuard({ allowedHosts: [`127.0.0.1:${port + 1}`] }).assertPeerAllowed(socket, 'localhost', port)).toThrow(/SCRAPE_ALLOWED_HOSTS/);
    } finally {
      socket.destroy();
    }
  });

  it("admits localhost through the system's resolver when 127.0.0.1 is allowed", async () => {
    const addresses = await createTargetGuard({ allowedHosts: [`127.0.0.1:${port}`], resolver: systemResolver }).resolve('localhost', port);
    expect(addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

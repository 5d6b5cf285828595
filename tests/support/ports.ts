import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port nothing listens on right now. Servers whose links come from PUBLIC_URL need
 * their address before they start, so a test picks the port first.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

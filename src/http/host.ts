/**
 * RFC 3986's host (a name, an IPv4 address or a bracketed IPv6 address) with an optional port.
 * Names may carry `_`, which Docker and some internal DNS use. Anything else — paths, spaces,
 * credentials, several ports — is not a host and makes the request a 400.
 */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}(?:%[A-Za-z0-9_.~-]+)?\])(?::\d{1,5})?$/;

// Nearly every request of a server names the same host: the last one found valid is not parsed again.
let lastValid: string | undefined;

/** HTTP/1.0 requests may lack a Host (Node refuses a missing one on HTTP/1.1); that is not malformed. */
export function isValidHost(host: string | undefined): boolean {
  if (host === undefined || host === lastValid) return true;
  const match = HOST.exec(host);
  if (!match) return false;
  const port = /:(\d{1,5})$/.exec(host.replace(/^\[[^\]]*\]/, ''));
  const valid = port === null || Number(port[1]) <= 65535;
  if (valid) lastValid = host;
  return valid;
}

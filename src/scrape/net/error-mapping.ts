import { ScrapeNetworkError, type ScrapeNetworkErrorCode } from './errors.js';

const CODE_BY_SYSTEM_ERROR: Record<string, ScrapeNetworkErrorCode> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NODATA: 'dns',
  EAI_NONAME: 'dns',
  ECONNREFUSED: 'refused',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ECONNRESET: 'reset',
  ECONNABORTED: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  ERR_STREAM_PREMATURE_CLOSE: 'reset',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  EPROTO: 'tls',
  UND_ERR_HEADERS_OVERFLOW: 'bad_response',
  HPE_INVALID_CONSTANT: 'bad_response',
  HPE_INVALID_HEADER_TOKEN: 'bad_response',
  Z_DATA_ERROR: 'bad_response',
  Z_BUF_ERROR: 'bad_response',
  ERR_PADDING_1: 'bad_response',
  ERR__ERROR_FORMAT_PADDING_1: 'bad_response',
};

const MESSAGE_BY_CODE: Record<ScrapeNetworkErrorCode, string> = {
  invalid_url: 'The URL is not valid',
  unsupported_scheme: 'The URL scheme is not supported',
  blocked_address: 'The target address is not allowed',
  dns: 'The host name could not be resolved',
  refused: 'The connection was refused',
  unreachable: 'The target network is unreachable',
  reset: 'The connection was reset by the target',
  tls: 'The TLS handshake failed',
  timeout: 'The target did not answer in time',
  aborted: 'The request was cancelled',
  too_large: 'The response is too large',
  too_many_redirects: 'Too many redirects',
  bad_response: 'The target sent a response that could not be read',
  browser_unavailable: 'The browser is not available',
  browser_failed: 'The browser could not load the page',
};

/**
 * Turns whatever a socket, DNS or undici threw into a ScrapeNetworkError naming
 * the cause and the host. Errors we do not recognise are returned unchanged so
 * they surface as server faults instead of being disguised as target failures.
 */
export function toScrapeNetworkError(error: unknown, host: string): unknown {
  if (error instanceof ScrapeNetworkError) return error;
  const code = findKnownCode(error);
  if (code === undefined) return error;
  const detail = systemCodeOf(error);
  return new ScrapeNetworkError(code, `${MESSAGE_BY_CODE[code]} (${host}${detail ? `, ${detail}` : ''}).`);
}

function findKnownCode(error: unknown): ScrapeNetworkErrorCode | undefined {
  for (const candidate of causeChain(error)) {
    if (candidate instanceof ScrapeNetworkError) return candidate.code;
    const systemCode = codeProperty(candidate);
    if (systemCode === undefined) continue;
    const mapped = CODE_BY_SYSTEM_ERROR[systemCode];
    if (mapped) return mapped;
    if (isTlsCode(systemCode)) return 'tls';
  }
  return undefined;
}

function systemCodeOf(error: unknown): string | undefined {
  for (const candidate of causeChain(error)) {
    const code = codeProperty(candidate);
    if (code !== undefined) return code;
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_') ||
    code.includes('CERT') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UND_ERR_PRX_TLS'
  );
}

function* causeChain(error: unknown): Generator<unknown> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    yield current;
    if (current instanceof AggregateError) {
      for (const inner of current.errors) yield inner;
    }
    current = current instanceof Error ? current.cause : undefined;
  }
}

function codeProperty(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('code' in value)) return undefined;
  const code = (value as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

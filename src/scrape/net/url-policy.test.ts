import { describe, it, expect } from 'vitest';
import { assertHostNotObviouslyBlocked, createHostAllowlist, effectivePort, hostKeyOfUrl, parseTargetUrl } from './url-policy.js';
import { ScrapeNetworkError } from './errors.js';

function refusalCode(input: string, allowedHosts: string[] = []): string | undefined {
  try {
    const url = parseTargetUrl(input);
    assertHostNotObviouslyBlocked(url.hostname, effectivePort(url), createHostAllowlist(allowedHosts));
    return undefined;
  } catch (error) {
    if (error instanceof ScrapeNetworkError) return error.code;
    throw error;
  }
}

describe('target URL policy', () => {
  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]:8080/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://0.0.0.0/',
    'http://0/',
    'http://localhost./',
    'http://LOCALHOST/',
    'http://api.localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[fd00::1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://user:pw@127.0.0.1/',
  ])('refuses %s as a blocked address before any connection', (input) => {
    expect(refusalCode(input)).toBe('blocked_address');
  });

  it('accepts public literals and ordinary names', () => {
    expect(refusalCode('https://93.184.215.14/')).toBeUndefined();
    expect(refusalCode('https://example.com/path?q=1')).toBeUndefined();
    expect(refusalCode('http://[2606:4700:4700::1111]/')).toBeUndefined();
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/html,hi'])(
    'refuses the scheme of %s',
    (input) => {
      expect(refusalCode(input)).toBe('unsupported_scheme');
    },
  );

  it.each(['not a url', 'http://', 'http://exa mple.com/', '//example.com/'])('refuses %s as invalid', (input) => {
    expect(refusalCode(input)).toBe('invalid_url');
  });

  it('gives a human message naming the host, the reason and the setting that would allow it', () => {
    try {
      parseTargetUrl('http://0x7f.1/');
      assertHostNotObviouslyBlocked('127.0.0.1', 80, createHostAllowlist([]));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScrapeNetworkError);
      expect((error as Error).message).toBe(
        'Refusing to connect to 127.0.0.1: it is a loopback address, not a public internet address. To allow it, add 127.0.0.1:80 to SCRAPE_ALLOWED_HOSTS.',
      );
    }
  });

  it('lets exactly the allow-listed host:port through', () => {
    expect(refusalCode('http://127.0.0.1:8080/', ['127.0.0.1:8080'])).toBeUndefined();
    expect(refusalCode('http://127.0.0.1:8081/', ['127.0.0.1:8080'])).toBe('blocked_address');
    expect(refusalCode('http://[::1]:3000/', ['[::1]:3000'])).toBeUndefined();
    expect(refusalCode('http://intranet/', ['intranet:80'])).toBeUndefined();
  });

  it('leaves a loopback name to the resolution when an address on its port is allowed, and refuses it otherwise', () => {
    // The guard resolves the name and connects only to the allow-listed address (target-guard.test.ts).
    expect(refusalCode('http://localhost:8080/', ['127.0.0.1:8080'])).toBeUndefined();
    expect(refusalCode('http://localhost:8081/', ['127.0.0.1:8080'])).toBe('blocked_address');
    expect(refusalCode('http://localhost:80/', ['intranet:80'])).toBe('blocked_address');
  });

  it('rejects allow-list entries that are not host:port', () => {
    expect(() => createHostAllowlist(['127.0.0.1'])).toThrow(/host:port/);
    expect(() => createHostAllowlist(['http://127.0.0.1:80'])).toThrow(/host:port/);
    expect(() => createHostAllowlist(['127.0.0.1:80/x'])).toThrow(/host:port/);
  });

  it('keys hosts with their effective port', () => {
    expect(hostKeyOfUrl(new URL('https://Example.com/'))).toBe('example.com:443');
    expect(hostKeyOfUrl(new URL('http://[::1]:81/'))).toBe('[::1]:81');
  });
});

import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../config/index.js';
import { hostnameOf, mcpAllowedHosts, mcpAllowedOrigins, rebindingProblem } from './allowed-hosts.js';

describe('MCP DNS-rebinding protection', () => {
  it('allows the loopback names, the PUBLIC_URL host and a specific HOST by default', () => {
    const hosts = mcpAllowedHosts({ mcpAllowedHosts: [], publicUrl: 'https://Quarry.Example.com/app', host: '10.0.0.5' });
    expect([...hosts].sort()).toEqual(['10.0.0.5', '127.0.0.1', '[::1]', 'localhost', 'quarry.example.com']);
    expect([...mcpAllowedHosts({ mcpAllowedHosts: [], host: '0.0.0.0' })].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect(mcpAllowedHosts({ mcpAllowedHosts: [], host: '::1' }).has('[::1]')).toBe(true);
  });

  it('takes MCP_ALLOWED_HOSTS instead when set', () => {
    expect([...mcpAllowedHosts({ mcpAllowedHosts: ['MCP.example.org'], publicUrl: 'https://quarry.example.com', host: '127.0.0.1' })]).toEqual([
      'mcp.example.org',
    ]);
  });

  it('compares host names without the port', () => {
    expect(hostnameOf('localhost:8000')).toBe('localhost');
    expect(hostnameOf('[::1]:8000')).toBe('[::1]');
    expect(hostnameOf('bad host')).toBeUndefined();
  });

  it('refuses a missing or foreign Host and a foreign or opaque Origin', () => {
    const allowed = { hosts: new Set(['localhost', '127.0.0.1']), origins: new Set(['http://localhost:5173']) };
    const check = (host: string | undefined, origin: string | undefined) => rebindingProblem(allowed, { host, origin, protocol: 'http' });
    expect(check('localhost:8000', undefined)).toBeUndefined();
    expect(check('127.0.0.1:8000', 'http://localhost:5173')).toBeUndefined();
    expect(check(undefined, undefined)).toBe('Missing Host header');
    expect(check('attacker.example:8000', undefined)).toBe('Invalid Host header: attacker.example:8000');
    expect(check('localhost', 'http://attacker.example')).toBe('Invalid Origin header: http://attacker.example');
    expect(check('localhost', 'null')).toBe('Invalid Origin header: null');
  });

  it('compares the whole Origin: scheme, host and port', () => {
    const allowed = { hosts: new Set(['localhost']), origins: new Set(['http://localhost:6274', 'chrome-extension://abcdefghijklmnop']) };
    const check = (origin: string, protocol: 'http' | 'https' = 'http') => rebindingProblem(allowed, { host: 'localhost:8000', origin, protocol });
    // Another port, another scheme, or an extension that happens to be called "localhost" is another origin.
    expect(check('http://localhost:6666')).toBe('Invalid Origin header: http://localhost:6666');
    expect(check('chrome-extension://localhost')).toBe('Invalid Origin header: chrome-extension://localhost');
    expect(check('https://localhost:6274')).toBe('Invalid Origin header: https://localhost:6274');
    expect(check('http://localhost:8000', 'https')).toBe('Invalid Origin header: http://localhost:8000');
    expect(check('http://localhost:6274/path')).toBe('Invalid Origin header: http://localhost:6274/path');
    // The configured origins pass, in the case browsers send them or not; so does the server's own.
    expect(check('http://localhost:6274')).toBeUndefined();
    expect(check('HTTP://LOCALHOST:6274')).toBeUndefined();
    expect(check('chrome-extension://abcdefghijklmnop')).toBeUndefined();
    expect(check('http://localhost:8000')).toBeUndefined();
    expect(check('https://localhost:8000', 'https')).toBeUndefined();
  });

  it('reads MCP_ALLOWED_ORIGINS as whole origins and refuses anything else at start', () => {
    const parse = SETTINGS.mcpAllowedOrigins.parse;
    expect(parse(' HTTP://LocalHost:6274 , https://app.example.com:443/, chrome-extension://abcdefghijklmnop ')).toEqual([
      'http://localhost:6274',
      'https://app.example.com',
      'chrome-extension://abcdefghijklmnop',
    ]);
    for (const bad of ['localhost:6274', 'http://localhost:6274/app', 'http://localhost?x=1', 'http://user@localhost', 'null']) {
      expect(() => parse(bad), bad).toThrow(/^MCP_ALLOWED_ORIGINS: expected origins/);
    }
  });

  it('allows the origin of PUBLIC_URL by default, or MCP_ALLOWED_ORIGINS instead', () => {
    expect([...mcpAllowedOrigins({ mcpAllowedOrigins: [], publicUrl: 'https://Quarry.Example.com:443/app' })]).toEqual(['https://quarry.example.com']);
    expect([...mcpAllowedOrigins({ mcpAllowedOrigins: [] })]).toEqual([]);
    expect([...mcpAllowedOrigins({ mcpAllowedOrigins: ['http://localhost:6274'], publicUrl: 'https://quarry.example.com' })]).toEqual([
      'http://localhost:6274',
    ]);
  });
});

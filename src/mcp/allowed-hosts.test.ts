import { describe, expect, it } from 'vitest';
import { hostnameOf, mcpAllowedHosts, rebindingProblem } from './allowed-hosts.js';

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
    const allowed = new Set(['localhost', '127.0.0.1']);
    expect(rebindingProblem(allowed, 'localhost:8000', undefined)).toBeUndefined();
    expect(rebindingProblem(allowed, '127.0.0.1:8000', 'http://localhost:5173')).toBeUndefined();
    expect(rebindingProblem(allowed, undefined, undefined)).toBe('Missing Host header');
    expect(rebindingProblem(allowed, 'attacker.example:8000', undefined)).toBe('Invalid Host header: attacker.example:8000');
    expect(rebindingProblem(allowed, 'localhost', 'http://attacker.example')).toBe('Invalid Origin header: http://attacker.example');
    expect(rebindingProblem(allowed, 'localhost', 'null')).toBe('Invalid Origin header: null');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node version Quarry promises must be true everywhere: in package.json's engines, for every
// locked dependency (npm ci warns EBADENGINE otherwise), in the README, the Dockerfile and CI.
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }> };

/**
 * Test-only SDKs whose every 4.x release declares Node 22 although it runs on Node 20 (the
 * compatibility suites prove it): the issue pins firecrawl-js 4.x, and nothing of it ships.
 * `.ci/run` tolerates their EBADENGINE lines and no other.
 */
const DEV_SDKS_DECLARING_NODE_22 = ['node_modules/@mendable/firecrawl-js', 'node_modules/firecrawl'];
const floor = semver.minVersion(pkg.engines.node)!;

describe('the supported Node versions', () => {
  it('start at 20.19 in package.json and in the lockfile', () => {
    expect(pkg.engines.node).toBe('>=20.19');
    expect(lock.packages['']?.engines).toEqual(pkg.engines);
  });

  it('are supported by every locked dependency, at the lowest and the newest 20.x', () => {
    for (const name of DEV_SDKS_DECLARING_NODE_22) expect(lock.packages[name]?.dev, `${name} is a dev dependency`).toBe(true);
    const shipped = Object.entries(lock.packages).filter(([name]) => !DEV_SDKS_DECLARING_NODE_22.includes(name));
    const unsupported = shipped.flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !(semver.satisfies(floor, range) && semver.satisfies('20.99.0', range)) ? [`${name} needs node ${range}`] : [];
    });
    expect(unsupported).toEqual([]);
  });

  it('are the ones the README, the Dockerfile and CI name', () => {
    expect(read('README.md')).toContain('Node 20.19 or newer');
    expect(read('Dockerfile')).toContain('ARG NODE_VERSION=20.19');
    expect(read('.ci/run')).toContain('Node 20.19 or newer');
  });
});

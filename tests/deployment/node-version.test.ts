import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node version Quarry promises must be true everywhere: in package.json's engines, for every
// locked dependency (npm ci warns EBADENGINE otherwise), in the README, the Dockerfile and CI.
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
const floor = semver.minVersion(pkg.engines.node)!;

describe('the supported Node versions', () => {
  it('start at 20.19 in package.json and in the lockfile', () => {
    expect(pkg.engines.node).toBe('>=20.19');
    expect(lock.packages['']?.engines).toEqual(pkg.engines);
  });

  it('are supported by every locked dependency, at the lowest and the newest 20.x', () => {
    const unsupported = Object.entries(lock.packages).flatMap(([name, entry]) => {
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

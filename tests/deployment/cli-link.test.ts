import { spawnSync } from 'node:child_process';
import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npx quarry` runs node_modules/.bin/quarry directly. Were `quarry` the root package's own `bin`,
 * npx would first "install" the checkout into its cache, loading the whole dependency tree.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const LINK = join(ROOT, 'node_modules', '.bin', 'quarry');

describe('the quarry command', () => {
  it('is not the package bin, so npx does not install the checkout into its cache', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin?: unknown };
    expect(pkg.bin).toBeUndefined();
  });

  it('is linked into node_modules/.bin by the install, and linking again keeps one good link', () => {
    const relink = spawnSync(process.execPath, [join(ROOT, 'bin/link-cli.js')], { encoding: 'utf8' });
    expect(relink.status, relink.stderr).toBe(0);
    expect(readlinkSync(LINK)).toBe(join('..', '..', 'bin', 'quarry.js'));
    expect(realpathSync(LINK)).toBe(realpathSync(join(ROOT, 'bin', 'quarry.js')));
  });

  it('answers `npx quarry --help` from that link', { timeout: 60_000 }, () => {
    const help = spawnSync('npx', ['--no-install', 'quarry', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: quarry <command>/);
  });
});

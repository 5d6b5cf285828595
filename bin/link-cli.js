#!/usr/bin/env node
// Links node_modules/.bin/quarry to bin/quarry.js (run by the `prepare` script, so `npm ci` and
// `npm install` leave it in place). package.json declares no `bin` on purpose: for a command the
// root package's own `bin` names, npx "installs" the checkout into its cache first and loads the
// whole dependency tree (about a second); a command found in node_modules/.bin it simply runs.
import { lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const BIN_DIR = join(ROOT, 'node_modules', '.bin');
const LINK = join(BIN_DIR, 'quarry');
const TARGET = join('..', '..', 'bin', 'quarry.js');

function currentTarget() {
  try {
    return lstatSync(LINK).isSymbolicLink() ? readlinkSync(LINK) : null;
  } catch {
    return undefined;
  }
}

const current = currentTarget();
if (current !== TARGET) {
  if (current !== undefined) rmSync(LINK, { force: true });
  mkdirSync(BIN_DIR, { recursive: true });
  symlinkSync(TARGET, LINK);
}

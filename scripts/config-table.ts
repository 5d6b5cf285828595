/** Rewrites the configuration table in README.md from the settings: `npm run docs:config`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { configurationTable, TABLE_END, TABLE_START } from '../src/config/table.js';

const readme = readFileSync('README.md', 'utf8');
const start = readme.indexOf(TABLE_START);
const end = readme.indexOf(TABLE_END);
if (start < 0 || end < 0) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} block`);
writeFileSync('README.md', readme.slice(0, start) + configurationTable() + readme.slice(end + TABLE_END.length));
console.log('README.md configuration table updated');

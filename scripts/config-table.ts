/** Rewrites the settings table in docs/configuration.md from the settings: `npm run docs:config`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { configurationTable, TABLE_END, TABLE_START } from '../src/config/table.js';

const file = 'docs/configuration.md';
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf(TABLE_START);
const end = doc.indexOf(TABLE_END);
if (start < 0 || end < 0) throw new Error(`${file} has no ${TABLE_START} … ${TABLE_END} block`);
writeFileSync(file, doc.slice(0, start) + configurationTable() + doc.slice(end + TABLE_END.length));
console.log(`${file} configuration table updated`);

import { SETTINGS } from './index.js';

export const TABLE_START = '<!-- configuration:start -->';
export const TABLE_END = '<!-- configuration:end -->';

/** The README's configuration table, generated from the settings so it cannot drift. */
export function configurationTable(): string {
  const rows = Object.values(SETTINGS).map((s) => {
    const shown = s.shownDefault === undefined ? '—' : `\`${s.shownDefault.replace(/\|/g, '\\|')}\``;
    return `| \`${s.env}\` | ${shown} | ${s.description.replace(/\|/g, '\\|')} |`;
  });
  return [TABLE_START, '| variable | default | meaning |', '|---|---|---|', ...rows, TABLE_END].join('\n');
}

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs a newcomer reads (issue 26): a README short enough to read, with each heading once,
// the reference in docs/, and no relative link that leads nowhere.
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

const README_MAX_BYTES = 15 * 1024;
const DOCS = ['docs/api.md', 'docs/compat.md', 'docs/configuration.md', 'docs/operations.md', 'docs/architecture.md'];

/** The text outside fenced code blocks, line by line (a `# comment` in a shell block is no heading). */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence === undefined) lines.push(line);
  }
  return lines;
}

function headings(markdown: string): string[] {
  return proseLines(markdown).flatMap((line) => {
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    return match ? [match[1]!] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const heading of headings(markdown)) {
    const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Link targets of a document: Markdown links and images, and HTML `src`/`href`, outside code. */
function linkTargets(markdown: string): string[] {
  const text = proseLines(markdown)
    .join('\n')
    .replace(/(`+)[\s\S]*?\1/g, '');
  const markdownLinks = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const htmlLinks = [...text.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  return [...markdownLinks, ...htmlLinks];
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** Every broken relative link of one document, as `file: target (why)`. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(read(file))) {
    if (isExternal(target)) continue;
    const [path = '', fragment] = target.split('#', 2);
    const resolved = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURIComponent(path));
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (fragment && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(fragment))) {
      broken.push(`${file}: ${target} (no heading #${fragment} in ${relative(ROOT, resolved)})`);
    }
  }
  return broken;
}

describe('the docs', () => {
  it('keep README.md within 15 KB', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('give each heading of README.md once', () => {
    const all = headings(read('README.md'));
    expect(all.length).toBeGreaterThan(3);
    expect(all.filter((heading, i) => all.indexOf(heading) !== i)).toEqual([]);
  });

  it('have the reference in docs/', () => {
    expect(DOCS.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const files = ['README.md', 'BENCHMARKS.md', ...readdirSync(join(ROOT, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : []))];
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('keep the README pointing at every doc and the screenshots it shows', () => {
    const readme = read('README.md');
    for (const file of DOCS) expect(readme).toContain(`](${file})`);
    expect(linkTargets(readme).filter((target) => target.startsWith('docs/screenshots/')).length).toBeGreaterThan(0);
  });

  it('find broken links and missing headings (the checks themselves)', () => {
    expect(headings('# A\n```sh\n# not a heading\n```\n## B ##\n')).toEqual(['A', 'B']);
    expect([...anchors('## Plans (`PLANS_FILE`)\n## Drop-in APIs (Tavily, Exa) and MCP\n## A\n## A\n')]).toEqual([
      'plans-plans_file',
      'drop-in-apis-tavily-exa-and-mcp',
      'a',
      'a-1',
    ]);
    expect(linkTargets('[a](x.md#y) ![b](img.png "t") `[c](code.md)` <img src="s.png"> [d](https://e.com)')).toEqual([
      'x.md#y',
      'img.png',
      'https://e.com',
      's.png',
    ]);
  });
});

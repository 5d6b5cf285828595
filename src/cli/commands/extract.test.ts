import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { buildMinimalPdf } from '../../../tests/support/minimal-pdf.js';
import { extractCommand } from './extract.js';

function captureIo(isTTY: boolean): { io: Parameters<typeof extractCommand>[1]; stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  return { io: { stdout, stderr, isTTY }, stdout: () => out.join(''), stderr: () => err.join('') };
}

const ARTICLE = pageWithChrome(`<article><h2>Owls at night</h2><p>${prose('owls')} <a href="/more">More</a></p></article>`, '<title>Owls</title>');

describe('quarry extract', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-extract-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes Markdown of a single file to standard output by default', async () => {
    await writeFile(join(dir, 'owls.html'), ARTICLE);
    const { io, stdout, stderr } = captureIo(false);
    expect(await extractCommand([join(dir, 'owls.html'), '--url', 'https://birds.example/owls'], io)).toBe(0);
    expect(stdout()).toContain('## Owls at night');
    expect(stdout()).toContain('[More](https://birds.example/more)');
    expect(stdout()).not.toContain('We use cookies');
    expect(stderr()).toBe('');
  });

  it('writes one output per input into --out, reading gzip-compressed pages, in the chosen format', async () => {
    await writeFile(join(dir, 'a.html'), ARTICLE);
    await writeFile(join(dir, 'b.html.gz'), gzipSync(Buffer.from(ARTICLE)));
    const out = join(dir, 'out');
    const { io } = captureIo(false);
    expect(await extractCommand(['--format', 'text', '--out', out, join(dir, 'a.html'), join(dir, 'b.html.gz')], io)).toBe(0);
    const a = await readFile(join(out, 'a.txt'), 'utf8');
    expect(a).toContain('Owls at night\n\nThe story of owls begins');
    expect(await readFile(join(out, 'b.txt'), 'utf8')).toBe(a);
  });

  it('writes the json format with metadata and content', async () => {
    await writeFile(join(dir, 'owls.html'), ARTICLE);
    const { io, stdout } = captureIo(false);
    expect(await extractCommand(['--format', 'json', '--url', 'https://birds.example/owls', join(dir, 'owls.html')], io)).toBe(0);
    const json = JSON.parse(stdout()) as Record<string, unknown>;
    expect(json).toMatchObject({ title: 'Owls', url: 'https://birds.example/owls', headings: ['Owls at night'] });
    expect(json['content']).toContain('The story of owls');
  });

  it('resolves links against the canonical URL a saved page declares when no --url is given', async () => {
    await writeFile(
      join(dir, 'saved.html'),
      pageWithChrome(`<p>${prose('saved pages')} <a href="next.html">Next</a></p>`, '<link rel="canonical" href="https://site.example/dir/page.html">'),
    );
    const { io, stdout } = captureIo(false);
    await extractCommand([join(dir, 'saved.html')], io);
    expect(stdout()).toContain('[Next](https://site.example/dir/next.html)');
  });

  it('reports unreadable inputs clearly, still processes the others, and exits non-zero', async () => {
    await writeFile(join(dir, 'good.html'), ARTICLE);
    await writeFile(join(dir, 'broken.html.gz'), 'not gzip at all');
    const out = join(dir, 'out');
    const { io, stderr } = captureIo(false);
    const code = await extractCommand(['--out', out, join(dir, 'missing.html'), join(dir, 'broken.html.gz'), join(dir, 'good.html')], io);
    expect(code).toBe(1);
    expect(stderr()).toContain(`${join(dir, 'missing.html')}: no such file`);
    expect(stderr()).toContain(`${join(dir, 'broken.html.gz')}: not a valid gzip file`);
    expect(await readFile(join(out, 'good.md'), 'utf8')).toContain('## Owls at night');
  });

  it('draws a progress bar on a terminal and clears it at the end', async () => {
    await writeFile(join(dir, 'a.html'), ARTICLE);
    await writeFile(join(dir, 'b.html'), ARTICLE);
    const { io, stderr } = captureIo(true);
    expect(await extractCommand(['--out', join(dir, 'out'), join(dir, 'a.html'), join(dir, 'b.html')], io)).toBe(0);
    expect(stderr()).toContain('1/2');
    expect(stderr().endsWith('\r\u001b[K')).toBe(true);
  });

  it('draws no progress bar when stderr is not a terminal', async () => {
    await writeFile(join(dir, 'a.html'), ARTICLE);
    await writeFile(join(dir, 'b.html'), ARTICLE);
    const { io, stderr } = captureIo(false);
    await extractCommand(['--out', join(dir, 'out'), join(dir, 'a.html'), join(dir, 'b.html')], io);
    expect(stderr()).toBe('');
  });

  it('extracts PDF and plain-text files too', async () => {
    await writeFile(join(dir, 'doc.pdf'), buildMinimalPdf({ pages: [[{ text: 'Hello from a PDF.', size: 11, x: 72, y: 700 }]] }));
    await writeFile(join(dir, 'notes.txt'), 'line one\r\nline two\r\n');
    const out = join(dir, 'out');
    const { io } = captureIo(false);
    expect(await extractCommand(['--format', 'text', '--out', out, join(dir, 'doc.pdf'), join(dir, 'notes.txt')], io)).toBe(0);
    expect(await readFile(join(out, 'doc.txt'), 'utf8')).toBe('Hello from a PDF.');
    expect(await readFile(join(out, 'notes.txt'), 'utf8')).toBe('line one\nline two\n');
  });

  it('extracts a Markdown file as plain text without its marks', async () => {
    await writeFile(join(dir, 'README.md'), '# Tools\r\n\r\n- **Wire** saw\r\n- [Drill](https://example.org/drill)\r\n');
    const out = join(dir, 'out');
    const { io } = captureIo(false);
    expect(await extractCommand(['--format', 'text', '--out', out, join(dir, 'README.md')], io)).toBe(0);
    expect(await readFile(join(out, 'README.txt'), 'utf8')).toBe('Tools\n\nWire saw\nDrill');
  });

  it('rejects bad usage with exit code 2 and the usage text', async () => {
    const { io, stderr } = captureIo(false);
    expect(await extractCommand(['--format', 'pdf', 'x.html'], io)).toBe(2);
    expect(stderr()).toContain('unknown format "pdf"');
    expect(stderr()).toContain('Usage: quarry extract');
    expect(await extractCommand([], captureIo(false).io)).toBe(2);
    expect(await extractCommand(['a.html', 'b.html'], captureIo(false).io)).toBe(2);
  });
});

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { decodeHtmlBytes, extractPage, markdownTextDocument, pdfToDocument, plainTextDocument, toJsonFormat } from '../../scrape/extract/index.js';

export interface ExtractCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Whether stderr is a terminal (a progress bar is drawn only then). */
  isTTY: boolean;
}

type OutputFormat = 'text' | 'markdown' | 'json';

const EXTENSION: Record<OutputFormat, string> = { text: 'txt', markdown: 'md', json: 'json' };

const USAGE = `Usage: quarry extract [--format text|markdown|json] [--url BASE_URL] [--out DIR] FILE…

Extracts the main content of saved pages (.html, .htm, optionally .gz; also .pdf, .txt and .md).
  --format   output format (default markdown)
  --url      URL the pages were fetched from, for resolving relative links
             (default: the page's canonical URL, else the file's own URL)
  --out      directory receiving <name>.<txt|md|json> per input; without it a single
             input is written to standard output
`;

/** Exit codes: 0 all files extracted, 1 some input could not be read or parsed, 2 usage error. */
export async function extractCommand(argv: string[], io: ExtractCommandIo): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    io.stderr.write(`quarry extract: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const { files, format, baseUrl, outDir } = parsed;
  if (files.length === 0) {
    io.stderr.write(`quarry extract: no input file given\n\n${USAGE}`);
    return 2;
  }
  if (files.length > 1 && outDir === undefined) {
    io.stderr.write('quarry extract: several inputs need --out DIR (one output file each)\n');
    return 2;
  }
  if (outDir !== undefined) await mkdir(outDir, { recursive: true });

  const progress = createProgressBar(io, files.length);
  let failures = 0;
  for (const [index, file] of files.entries()) {
    progress.update(index, file);
    try {
      const output = await extractFile(file, format, baseUrl);
      if (outDir === undefined) io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      else await writeFile(join(outDir, `${outputName(file)}.${EXTENSION[format]}`), output);
    } catch (error) {
      failures++;
      progress.clear();
      io.stderr.write(`quarry extract: ${file}: ${describeError(error)}\n`);
    }
  }
  progress.finish();
  return failures > 0 ? 1 : 0;
}

function parseOptions(argv: string[]): { files: string[]; format: OutputFormat; baseUrl?: string; outDir?: string; help: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f', default: 'markdown' },
      url: { type: 'string' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const format = values.format;
  if (format !== 'text' && format !== 'markdown' && format !== 'json') throw new Error(`unknown format "${format}" (text, markdown or json)`);
  if (values.url !== undefined && !/^https?:\/\//i.test(values.url)) throw new Error(`--url must be an http(s) URL, got "${values.url}"`);
  return { files: positionals, format, baseUrl: values.url, outDir: values.out, help: values.help === true };
}

/** `page.html.gz` → `page`. */
function outputName(file: string): string {
  return basename(file)
    .replace(/\.gz$/i, '')
    .replace(/\.(html?|xhtml|pdf|txt|md|markdown)$/i, '');
}

function describeError(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && error.code === 'ENOENT') return 'no such file';
  if (error && typeof error === 'object' && 'code' in error && error.code === 'EISDIR') return 'is a directory';
  if (error && typeof error === 'object' && 'code' in error && error.code === 'EACCES') return 'permission denied';
  if (error && typeof error === 'object' && 'code' in error && error.code === 'Z_DATA_ERROR') return 'not a valid gzip file';
  return error instanceof Error ? error.message : String(error);
}

async function extractFile(file: string, format: OutputFormat, baseUrl: string | undefined): Promise<string> {
  let bytes: Uint8Array = await readFile(file);
  const name = file.toLowerCase().replace(/\.gz$/, '');
  if (file.toLowerCase().endsWith('.gz')) bytes = gunzipSync(bytes);
  const url = baseUrl ?? pathToFileURL(file).href;

  if (name.endsWith('.pdf')) {
    const pdf = await pdfToDocument(bytes);
    if (format === 'json') return JSON.stringify({ title: pdf.title ?? null, url, pages: pdf.pages, content: pdf.markdown }, null, 2);
    return format === 'text' ? pdf.text : pdf.markdown;
  }
  if (/\.(md|markdown)$/.test(name)) {
    const markdown = markdownTextDocument(decodeHtmlBytes(bytes));
    if (format === 'json') return JSON.stringify({ title: markdown.title ?? null, url, headings: markdown.headings, content: markdown.markdown }, null, 2);
    return format === 'text' ? markdown.text : markdown.markdown;
  }
  if (name.endsWith('.txt')) {
    const plain = plainTextDocument(decodeHtmlBytes(bytes));
    if (format === 'json') return JSON.stringify({ url, content: plain.markdown }, null, 2);
    return format === 'text' ? plain.text : plain.markdown;
  }

  const html = decodeHtmlBytes(bytes);
  let page = extractPage(html, { url });
  // A saved page usually names its own address: resolve its links against that, not the file.
  if (baseUrl === undefined && /^https?:/.test(page.canonicalUrl)) page = extractPage(html, { url: page.canonicalUrl });
  switch (format) {
    case 'text':
      return page.text;
    case 'markdown':
      return page.markdown;
    case 'json':
      return JSON.stringify(toJsonFormat(page, baseUrl ?? page.canonicalUrl), null, 2);
  }
}

interface ProgressBar {
  update(done: number, current: string): void;
  clear(): void;
  finish(): void;
}

const BAR_WIDTH = 24;

function createProgressBar(io: ExtractCommandIo, total: number): ProgressBar {
  if (!io.isTTY || total < 2) return { update: () => {}, clear: () => {}, finish: () => {} };
  let drawn = false;
  const clear = (): void => {
    if (drawn) io.stderr.write('\r\u001b[K');
    drawn = false;
  };
  return {
    update(done, current) {
      const filled = Math.round((done / total) * BAR_WIDTH);
      const label = basename(current).slice(0, 40);
      io.stderr.write(`\r\u001b[K[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${label}`);
      drawn = true;
    },
    clear,
    finish() {
      clear();
    },
  };
}

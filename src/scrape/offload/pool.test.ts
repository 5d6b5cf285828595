import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestedElementsPage } from '../../../tests/support/hostile-pages.js';
import { ExtractionError, readPage } from '../extract/index.js';
import { cleanHtml } from '../clean-html.js';
import { readHtml } from '../page-reader.js';
import { createOffloadPool, type OffloadPool } from './pool.js';

const HTML =
  '<html lang="en"><head><title>Pooled</title><script type="application/ld+json">{"@type":"Article","headline":"H"}</script></head><body><main><h1>Pooled</h1><p>Read in a worker thread, the same as here.</p><a href="/next">Next</a></main></body></html>';
const URL = 'https://example.com/pooled';
// A thread's start compiles the extractor (tsx): seconds on a busy machine.
const STARTUP_MS = 90_000;

describe('the offload pool', () => {
  let pool: OffloadPool;
  beforeAll(() => {
    pool = createOffloadPool({ threads: 1 });
  });
  afterAll(() => pool.close());

  it(
    'starts no thread until the first read, and reads as the calling thread does',
    async () => {
      expect(pool.started).toBe(false);
      expect(await pool.readHtml(HTML, URL, 200)).toEqual(readHtml(HTML, URL, 200));
      expect(await pool.readPage(HTML, URL)).toEqual(readPage(HTML, URL));
      expect(pool.started).toBe(true);
      expect(pool.pending).toBe(0);
    },
    STARTUP_MS,
  );

  it(
    'rebuilds an unreadable PDF as the same ExtractionError',
    async () => {
      const error = await pool.readDocument('pdf', { body: new TextEncoder().encode('%PDF-1.4 not really'), finalUrl: URL }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).code).toBe('invalid_pdf');
    },
    STARTUP_MS,
  );

  it(
    'stops a read over its time budget: the page is too complex',
    async () => {
      const strict = createOffloadPool({ threads: 1, taskTimeoutMs: 1 });
      try {
        const error = await strict.readHtml(nestedElementsPage(1, 2048), URL, 200).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ExtractionError);
        expect((error as ExtractionError).code).toBe('too_complex');
        expect(strict.pending).toBe(0);
      } finally {
        await strict.close();
      }
    },
    STARTUP_MS,
  );

  it(
    'cleans HTML for the html format as the calling thread does',
    async () => {
      const page = '<html><head><style>p{}</style></head><body><h1>Clean</h1><script>x()</script><p>Kept &amp; escaped</p></body></html>';
      expect(await pool.cleanHtml(page, undefined, 'someone')).toBe(cleanHtml(page));
      expect(cleanHtml(page)).toBe('<h1>Clean</h1><p>Kept &amp; escaped</p>');
    },
    STARTUP_MS,
  );

  it('refuses a page over the size limit before it waits for a thread, and starts none', async () => {
    const small = createOffloadPool({ threads: 2, maxInputBytes: 1024 });
    try {
      const error = await small.readHtml('x'.repeat(1025), URL, 200, undefined, 'someone').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).code).toBe('too_complex');
      expect(small.started).toBe(false);
      expect(small.pending).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('has at least two threads by default, so one account never holds them all', () => {
    const defaults = createOffloadPool();
    expect(defaults.threads).toBeGreaterThanOrEqual(2);
    return defaults.close();
  });
});

/**
 * The work a pool thread does (see `pool.ts`): parsing, extraction and cleaning of untrusted
 * pages, and the index's reading of them. Each task answers plain data, so it crosses the thread boundary
 * as it is; an `ExtractionError` travels as its code and message and is rebuilt on the other side.
 */
import { cleanHtml } from '../clean-html.js';
import type { ContentKind } from '../content-kind.js';
import { readDocument } from '../documents.js';
import {
  type ExtractedPage,
  ExtractionError,
  type ExtractionErrorCode,
  type PageFacts,
  mainContentHtml,
  readPage,
  wholePageMarkdown,
} from '../extract/index.js';
import { readHtml, type HtmlReading } from '../page-reader.js';

export type OffloadTask =
  | { readonly kind: 'read-html'; readonly html: string; readonly url: string; readonly status: number }
  | { readonly kind: 'read-page'; readonly html: string; readonly url: string }
  | { readonly kind: 'clean-html'; readonly html: string }
  | { readonly kind: 'main-content-html'; readonly html: string; readonly url: string }
  | { readonly kind: 'whole-page-markdown'; readonly html: string; readonly url: string }
  | {
      readonly kind: 'read-document';
      readonly documentKind: Exclude<ContentKind, 'html'>;
      readonly body: Uint8Array;
      readonly text: string | undefined;
      readonly finalUrl: string;
    };

export interface OffloadResults {
  'read-html': HtmlReading;
  'read-page': PageFacts;
  'clean-html': string;
  'main-content-html': string;
  'whole-page-markdown': string;
  'read-document': ExtractedPage;
}

export type OffloadOutcome =
  | { readonly ok: true; readonly value: OffloadResults[OffloadTask['kind']] }
  | { readonly ok: false; readonly code: ExtractionErrorCode; readonly message: string };

async function perform(task: OffloadTask): Promise<OffloadResults[OffloadTask['kind']]> {
  switch (task.kind) {
    case 'read-html':
      return readHtml(task.html, task.url, task.status);
    case 'read-page':
      return readPage(task.html, task.url);
    case 'clean-html':
      return cleanHtml(task.html);
    case 'main-content-html':
      return mainContentHtml(task.html, task.url);
    case 'whole-page-markdown':
      return wholePageMarkdown(task.html, task.url);
    case 'read-document':
      return readDocument(task.documentKind, { body: task.body, text: task.text, finalUrl: task.finalUrl });
  }
}

/** The pool's entry point. Anything but an `ExtractionError` is a bug and rejects as it is. */
export async function runOffloadTask(task: OffloadTask): Promise<OffloadOutcome> {
  try {
    return { ok: true, value: await perform(task) };
  } catch (error) {
    if (error instanceof ExtractionError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

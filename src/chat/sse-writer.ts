import { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { errorEventData } from './response.js';

/**
 * Writes Server-Sent Events to a client as they are produced.
 * Guarantees: nothing is written before the first `send` (so a caller can still answer
 * with a JSON error until then); each event is handed to the socket at once, never held
 * in a buffer of ours; `signal` aborts when the client disconnects before `end()`; after
 * that, `send` writes nothing and returns false.
 */
export interface SseWriter {
  readonly signal: AbortSignal;
  /** False once the client is gone or the stream was ended. */
  readonly writable: boolean;
  /** Sends `data: <data>\n\n`; under backpressure, waits until the socket drains (or the client leaves). */
  send(data: string): Promise<boolean>;
  end(): void;
}

export interface SseWriterOptions {
  /** Extra response headers (e.g. a request id). Only used for a `ServerResponse`. */
  headers?: Record<string, string>;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Tells nginx-style proxies not to buffer the stream.
  'x-accel-buffering': 'no',
};

/**
 * With Fastify, pass `reply.raw`, and call `reply.hijack()` before the first `send`.
 * `data` must not contain a newline (JSON.stringify output never does).
 */
export function createSseWriter(target: ServerResponse | Writable, options: SseWriterOptions = {}): SseWriter {
  const disconnected = new AbortController();
  let started = false;
  let ended = false;

  const onClose = () => {
    if (!target.writableFinished) disconnected.abort();
  };
  target.once('close', onClose);
  target.once('error', onClose);

  const isWritable = () => !ended && !disconnected.signal.aborted && !target.destroyed;

  return {
    signal: disconnected.signal,
    get writable() {
      return isWritable();
    },
    async send(data) {
      if (!isWritable()) return false;
      if (!started) {
        started = true;
        if (target instanceof ServerResponse && !target.headersSent) {
          target.writeHead(200, { ...SSE_HEADERS, ...options.headers });
          target.flushHeaders();
        }
      }
      if (target.write(`data: ${data}\n\n`)) return true;
      await drainedOrGone(target, disconnected.signal);
      return isWritable();
    },
    end() {
      if (ended) return;
      ended = true;
      if (!disconnected.signal.aborted && !target.destroyed) target.end();
    },
  };
}

/**
 * Sends every event of `events` (e.g. `ChatService.startStream`'s) and ends the response.
 * Keeps consuming after the client left, so the producer can settle; if the producer
 * throws, sends a generic error event, ends, and rethrows for the log.
 */
export async function pipeSse(writer: SseWriter, events: AsyncIterable<string>): Promise<void> {
  try {
    for await (const data of events) await writer.send(data);
  } catch (error) {
    await writer.send(errorEventData(error));
    throw error;
  } finally {
    writer.end();
  }
}

function drainedOrGone(target: Writable, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      target.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    target.on('drain', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

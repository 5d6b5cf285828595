import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Body bytes the client managed to write before the server answered or closed the connection. */
  readonly bytesSent: number;
  /** Whether the server closed the connection after answering. */
  readonly closed: boolean;
}

export interface RawRequest {
  readonly port: number;
  readonly method?: string;
  readonly path: string;
  /** Header lines exactly as sent (a malformed Host included); `Host: 127.0.0.1` is added unless given. */
  readonly headers?: Record<string, string>;
  /** Body pieces, written one after the other while the server has not answered yet. */
  readonly body?: Iterable<Buffer>;
  /** Send the body with `Transfer-Encoding: chunked` (no Content-Length). */
  readonly chunked?: boolean;
  /**
   * Write the whole body before reading anything, as a client busy uploading does: an answer that
   * came early is read only afterwards, so it is lost if the server reset the connection meanwhile.
   */
  readonly readsAfterWriting?: boolean;
  readonly timeoutMs?: number;
}

/**
 * An HTTP/1.1 request over a real socket, as an attacker sends it: any header, any body size,
 * chunked or not. It stops writing as soon as the server answers or closes the connection.
 */
export function rawRequest(request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(request.port, '127.0.0.1');
    const received: Buffer[] = [];
    let bytesSent = 0;
    let answered = false;
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${request.timeoutMs ?? 30_000} ms (sent ${bytesSent} bytes)`));
    }, request.timeoutMs ?? 30_000);

    const parse = (): RawAnswer | undefined => {
      const text = Buffer.concat(received).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? NaN);
      const rawBody = Buffer.concat(received).subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
      if (Number.isFinite(length) && rawBody.length < length && !closed) return undefined;
      return {
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: rawBody.subarray(0, Number.isFinite(length) ? length : undefined).toString('utf8'),
        bytesSent,
        closed,
      };
    };
    const finish = () => {
      const answer = parse();
      if (!answer || answered) return;
      answered = true;
      clearTimeout(timer);
      // Give the server a moment to close; then report whether it did.
      setTimeout(() => {
        resolve({ ...answer, bytesSent, closed });
        socket.destroy();
      }, 100);
    };
    socket.on('data', (chunk) => {
      received.push(chunk);
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
      if (!answered) {
        clearTimeout(timer);
        reject(new Error(`connection closed without an answer after ${bytesSent} body bytes`));
      }
    });
    socket.on('error', () => undefined);

    if (request.readsAfterWriting) socket.pause();
    socket.on('connect', () => {
      const headers: Record<string, string> = { ...(request.headers ?? {}) };
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'host')) headers.Host = `127.0.0.1:${request.port}`;
      if (request.chunked) headers['Transfer-Encoding'] = 'chunked';
      const head = `${request.method ?? 'POST'} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n`;
      socket.write(head);
      void (async () => {
        for (const piece of request.body ?? []) {
          if (answered || closed || socket.destroyed) return;
          const framed = request.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
          const flushed = socket.write(framed);
          bytesSent += piece.length;
          if (!flushed)
            await new Promise<void>((resume) => {
              socket.once('drain', resume);
              socket.once('close', resume);
            });
        }
        if (request.chunked && !answered && !closed && !socket.destroyed) socket.write('0\r\n\r\n');
        socket.resume();
      })();
    });
  });
}

/** `total` bytes in pieces of `size`, the first piece prefixed by `head`. */
export function* bodyOf(total: number, head = '', size = 64 * 1024, fill = 'a'): Generator<Buffer> {
  let sent = 0;
  let first = Buffer.from(head);
  while (sent < total) {
    const length = Math.min(size, total - sent);
    const piece = Buffer.concat([first, Buffer.alloc(length, fill)]);
    first = Buffer.alloc(0);
    sent += length;
    yield piece;
  }
}

import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** How much of an unread body is drained, and for how long, before the connection is cut anyway. */
export interface LingerLimits {
  readonly bytes: number;
  readonly ms: number;
}

/**
 * Enough to take in what a sender has in flight when it reads our answer (loopback send buffers
 * reach 4 MiB), short enough that a sender who ignores the answer costs little: nginx lingers up
 * to 30 s, Apache 2 s.
 */
export const LINGER_LIMITS: LingerLimits = { bytes: 8 * 1024 * 1024, ms: 2_000 };

/**
 * The lingering close of nginx and Apache, for a request answered before its body was read (413,
 * 415, 401, 404…). Closing at once would leave the sender's bytes unread in our receive buffer, and
 * the kernel then resets the connection: the reset reaches a sender still writing its body before it
 * reads our answer, and the answer is lost (its write fails with EPIPE and its socket is torn down).
 * So the rest of the body is read and thrown away as it arrives, never kept, while the answer and a
 * FIN go out; the socket closes when the body ends, or after `limits.bytes` more bytes or
 * `limits.ms`, whichever comes first, so a sender who never stops cannot hold the connection.
 */
export function lingerBeforeClosing(request: IncomingMessage, limits: LingerLimits): void {
  const socket = request.socket;
  // light-my-request's injected requests have no real connection to drain.
  if (!(socket instanceof Socket) || socket.destroyed) return;
  const readBefore = socket.bytesRead;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, limits.ms);
  socket.once('close', () => clearTimeout(timer));

  // Whatever listened to the body (a parser that gave up) goes; each chunk is dropped once counted.
  request.removeAllListeners('data');
  request.on('data', () => {
    if (socket.bytesRead - readBefore > limits.bytes) cut();
  });
  let bodyEnded = false;
  let answered = false;
  // With the whole body read nothing is left unread, so closing sends a plain FIN, no reset.
  const closeWhenDone = () => {
    if (bodyEnded && answered) socket.destroy();
  };
  request.once('end', () => {
    bodyEnded = true;
    closeWhenDone();
  });
  request.resume();

  // Node closes a `Connection: close` answer's socket with destroySoon once the answer is written:
  // a FIN, then destroy. The FIN stays; the destroy waits for the body's end (or the limits).
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const written = () => {
      answered = true;
      closeWhenDone();
    };
    if (socket.writableFinished) written();
    else socket.once('finish', written);
  };
}

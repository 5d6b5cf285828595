import type { Mail, Mailer } from './mailer.js';

/** Error-level log lines, in pino's argument order. */
export type MailFailureLog = (fields: Record<string, unknown>, message: string) => void;

export interface MailQueueOptions {
  /** Tries per mail, the first included. */
  readonly attempts?: number;
  /** Wait before try `attempt + 1` (milliseconds). */
  readonly retryDelayMs?: (attempt: number) => number;
  /** Deliveries under way at once: the SMTP server sees a few connections, never one per request. */
  readonly concurrency?: number;
  /** Mails waiting beyond this are dropped (and logged), so a flood cannot fill the memory. */
  readonly maxWaiting?: number;
  readonly onFailure: MailFailureLog;
}

const DEFAULT_DELAYS_MS = [1_000, 10_000, 60_000];

/**
 * Sends in the background: `send` only queues the mail and resolves at once, so an answer never
 * waits for the mail server and cannot tell by its timing whether a mail was sent (and so
 * whether an address has an account). A failed delivery is tried again after a pause; one that
 * fails for good is logged by recipient and subject, never by body (bodies carry tokens).
 * `close` delivers what is queued (skipping the pauses), then closes the transport.
 */
export function createMailQueue(transport: Mailer, options: MailQueueOptions): Mailer {
  const attempts = options.attempts ?? 4;
  const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => DEFAULT_DELAYS_MS[Math.min(attempt, DEFAULT_DELAYS_MS.length) - 1]!);
  const concurrency = options.concurrency ?? 2;
  const maxWaiting = options.maxWaiting ?? 10_000;
  const waiting: Mail[] = [];
  const pauses = new Set<() => void>();
  let running = 0;
  let closing = false;
  let drained: (() => void) | undefined;

  const describe = (mail: Mail) => ({ to: mail.to, subject: mail.subject });

  /** A pause between tries that `close` cuts short. */
  function pause(ms: number): Promise<void> {
    if (closing) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        pauses.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      pauses.add(wake);
    });
  }

  async function deliver(mail: Mail): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await transport.send(mail);
        return;
      } catch (error) {
        if (attempt >= attempts) {
          options.onFailure({ ...describe(mail), attempts: attempt, reason: reasonOf(error) }, 'mail could not be sent');
          return;
        }
        await pause(retryDelayMs(attempt));
      }
    }
  }

  function pump(): void {
    while (running < concurrency && waiting.length > 0) {
      const mail = waiting.shift()!;
      running++;
      void deliver(mail).finally(() => {
        running--;
        pump();
      });
    }
    if (running === 0 && waiting.length === 0) drained?.();
  }

  return {
    send(mail) {
      if (closing || waiting.length >= maxWaiting) {
        options.onFailure({ ...describe(mail), reason: closing ? 'mailer closed' : 'mail queue full' }, 'mail dropped');
        return Promise.resolve();
      }
      waiting.push(mail);
      pump();
      return Promise.resolve();
    },
    async close() {
      closing = true;
      for (const wake of [...pauses]) wake();
      if (running > 0 || waiting.length > 0) await new Promise<void>((resolve) => (drained = resolve));
      await transport.close();
    },
  };
}

/** What went wrong, without the message text of the server (it may echo addresses or credentials back). */
function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    const parts = [typeof code === 'string' ? code : undefined, typeof responseCode === 'number' ? `SMTP ${responseCode}` : undefined].filter(Boolean);
    if (parts.length > 0) return parts.join(' ');
    if (error instanceof Error) return error.name;
  }
  return 'unknown error';
}

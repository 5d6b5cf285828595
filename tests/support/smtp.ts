import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
}

export interface SmtpCapture {
  /** `SMTP_URL` pointing at this server. */
  readonly url: string;
  readonly messages: CapturedMail[];
  /** Resolves with the next (or an already received) mail to `address`. */
  waitFor(address: string, timeoutMs?: number): Promise<CapturedMail>;
  /**
   * Until `release`, a mail's data is not answered (nor recorded): a sender that waits for the
   * mail server waits until then. Proves who waits for the mail without depending on speed.
   */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMail(raw: string, to: string[]): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
  const qp = /Content-Transfer-Encoding:\s*quoted-printable/i.test(head);
  return { to, subject, text: qp ? decodeQuotedPrintable(body) : body };
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters: { address: string; resolve: (mail: CapturedMail) => void }[] = [];
  let held: Promise<void> | undefined;
  let releaseHeld = () => {};
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const receive = () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'), to);
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (to.includes(waiter.address)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      };
      stream.on('end', () => void (held ?? Promise.resolve()).then(receive));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(address, timeoutMs = 5000) {
      const lower = address.toLowerCase();
      const seen = messages.find((m) => m.to.includes(lower));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ address: lower, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    hold() {
      held ??= new Promise((resolve) => (releaseHeld = resolve));
    },
    release() {
      releaseHeld();
      held = undefined;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The real app sending its mail to a real SMTP server on loopback, for the tests that read the
 * mails (activation, password reset, sessions ending after a reset), and the links those mails carry.
 */
import { startTestApp, type TestApp } from './app.js';
import { startSmtpCapture, type SmtpCapture } from './smtp.js';

export interface MailingApp {
  readonly t: TestApp;
  readonly smtp: SmtpCapture;
  /** Lets any held mail go, then stops the app and the SMTP server. */
  close(): Promise<void>;
}

export async function startMailingApp(env: Record<string, string> = {}, options: Parameters<typeof startTestApp>[1] = {}): Promise<MailingApp> {
  const smtp = await startSmtpCapture();
  const t = await startTestApp({ SMTP_URL: smtp.url, ...env }, options);
  return {
    t,
    smtp,
    async close() {
      smtp.release();
      await t.close();
      await smtp.close();
    },
  };
}

/** The `uid` and `token` of the first `/<page>/<uid>/<token>` link of a mail (`activate`, `password-reset`). */
export function mailLink(text: string, page: 'activate' | 'password-reset'): { uid: string; token: string } {
  const match = new RegExp(`/${page}/([^/\\s]+)/([^/\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return { uid: match[1]!, token: match[2]! };
}

/**
 * The dashboard on a real server: the app listening on loopback with a fresh data dir, billing
 * pointed at the loopback fake Paddle API, the local index filled from the fixture corpus, and a
 * headless Debian Chromium whose only outside script, Paddle.js, is a local fake served through
 * request interception. Every other request that leaves loopback is refused and recorded.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createIndexer } from '../../src/local-index/indexer.js';
import { createIndexStore } from '../../src/local-index/store.js';
import { startTestApp, type TestApp } from './app.js';
import { freePort } from './ports.js';
import {
  fakePaddleEnv,
  startFakePaddle,
  TEST_PADDLE_API_KEY,
  TEST_PADDLE_PRICES,
  TEST_PADDLE_WEBHOOK_SECRET,
  writeTestPlansFile,
  type FakePaddle,
  type TestPlansFile,
} from './fake-paddle.js';
import { CORPUS } from './index-corpus.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const PADDLE_JS = 'https://cdn.paddle.com/paddle/v2/paddle.js';

/**
 * A stand-in for Paddle.js v2 with its public surface: Environment.set, Initialize({token,
 * eventCallback}) and Checkout.open({transactionId}); like the real one, Initialize opens the
 * checkout by itself when the page URL carries `_ptxn`. "Paying" asks the test (through an
 * exposed function) to mark the transaction completed at the fake Paddle API, then reports
 * `checkout.completed` to the page, as the overlay does.
 */
export const FAKE_PADDLE_JS = `
(() => {
  let callback = () => {};
  const emit = (name, data) => setTimeout(() => callback({ name, data }), 0);
  const open = ({ transactionId }) => {
    window.__paddleCalls.push({ method: 'Checkout.open', transactionId });
    emit('checkout.loaded', { transaction_id: transactionId, status: 'ready' });
    Promise.resolve(window.__fakePaddlePay ? window.__fakePaddlePay(transactionId) : undefined).then(() =>
      emit('checkout.completed', { transaction_id: transactionId, status: 'completed' }));
  };
  window.__paddleCalls = [];
  window.Paddle = {
    Environment: { set: (environment) => window.__paddleCalls.push({ method: 'Environment.set', environment }) },
    Initialize: (options) => {
      window.__paddleCalls.push({ method: 'Initialize', token: options.token });
      callback = options.eventCallback || callback;
      const ptxn = new URLSearchParams(location.search).get('_ptxn');
      if (ptxn) open({ transactionId: ptxn });
    },
    Checkout: { open },
  };
})();
`;

export interface DashboardHarness {
  readonly t: TestApp;
  readonly paddle: FakePaddle;
  readonly url: string;
  readonly browser: Browser;
  /** Requests to anywhere but loopback (Paddle.js aside), which were refused. */
  readonly outsideRequests: string[];
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** The newest mail to `to` in the outbox (no SMTP is configured). */
  latestMail(to: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the dashboard when web/dist is stale, in its own process: under the test runner
 * (NODE_ENV=test) an in-process Vite build would make a development bundle.
 */
export function ensureDashboardBuilt(): void {
  const root = join(import.meta.dirname, '..', '..');
  execFileSync(process.execPath, [join(root, 'scripts', 'web-build.js'), '--if-stale'], { cwd: root, stdio: 'inherit' });
}

export async function startDashboard(env: Record<string, string> = {}, options: { now?: () => Date } = {}): Promise<DashboardHarness> {
  ensureDashboardBuilt();
  const paddle = await startFakePaddle({ apiKey: TEST_PADDLE_API_KEY, webhookSecret: TEST_PADDLE_WEBHOOK_SECRET, prices: TEST_PADDLE_PRICES });
  const plans: TestPlansFile = await writeTestPlansFile();
  // Links in mails come from PUBLIC_URL alone, so the server's address is chosen before it starts.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ ...fakePaddleEnv(paddle, plans.file), SIGNUP_CREDITS: '3', PUBLIC_URL: url, ...env }, options);
  const indexer = createIndexer({ store: createIndexStore(t.quarry.db, t.quarry.dialect), now: () => new Date() });
  for (const page of CORPUS) await indexer.indexHtml(page.html, page.url, 'import');
  await t.quarry.app.listen({ host: '127.0.0.1', port });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const outsideRequests: string[] = [];

  return {
    t,
    paddle,
    url,
    browser,
    outsideRequests,
    async newContext(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ baseURL: url, viewport });
      await context.route(
        (target) => !['127.0.0.1', 'localhost'].includes(target.hostname),
        (route) => {
          const target = route.request().url();
          if (target === PADDLE_JS) return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PADDLE_JS });
          outsideRequests.push(target);
          return route.abort('blockedbyclient');
        },
      );
      await context.exposeFunction('__fakePaddlePay', (transactionId: string) => paddle.setStatus(transactionId, 'completed'));
      return context;
    },
    async latestMail(to) {
      const row = await t.quarry.db.selectFrom('mail_outbox').select('body').where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
      if (!row) throw new Error(`no mail to ${to} in the outbox`);
      return row.body;
    },
    async close() {
      await browser.close();
      await t.close();
      await paddle.close();
      await plans.remove();
    },
  };
}

/** Links in a mail, by their path prefix (`/activate/`, `/password-reset/`). */
export function linkIn(mail: string, pathPrefix: string): string {
  const match = new RegExp(`https?://\\S+${pathPrefix}\\S+`).exec(mail);
  if (!match) throw new Error(`no ${pathPrefix} link in: ${mail}`);
  return match[0];
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: number;
}

/** Runs axe-core in the page and returns its violations of impact serious or critical. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const axe = await import('axe-core');
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axe.default.source);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
}

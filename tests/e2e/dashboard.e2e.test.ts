import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, seriousAxeViolations, startDashboard, type AxeViolation, type DashboardHarness } from '../support/dashboard.js';

/**
 * The whole user journey in real headless Chromium against a real server on a fresh data dir:
 * sign up → activate from the outbox → log in → keys → playground search → usage → 402 → plans
 * → Paddle checkout (fake Paddle.js, fake Paddle API) → credits → log out → forgot password.
 * Each page is also checked with axe-core for serious or critical violations.
 */

const EMAIL = `journey-${Date.now()}@example.com`;
const PASSWORD = 'a sturdy passphrase 42';
const NEW_PASSWORD = 'another sturdy phrase 77';

let h: DashboardHarness;
let context: BrowserContext;
let page: Page;
const axeFindings: Record<string, AxeViolation[]> = {};
const pageErrors: string[] = [];

async function checkAxe(name: string): Promise<void> {
  axeFindings[name] = await seriousAxeViolations(page);
}

const text = (selector: string) => page.locator(selector).innerText();

beforeAll(async () => {
  h = await startDashboard();
  context = await h.newContext();
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // A Content-Security-Policy refusal is only a console message: count those as errors too.
  page.on('console', (message) => /Content.Security.Policy/i.test(message.text()) && pageErrors.push(message.text()));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await h?.close();
});

describe('dashboard journey in Chromium', { timeout: 60_000 }, () => {
  let secret = '';

  it('1. signs up', async () => {
    await page.goto('/signup');
    await checkAxe('signup');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // DRF field errors appear next to their field.
    await expect(page.locator('.field.has-error').getByText('This password is too short.', { exact: false }).waitFor()).resolves.toBeUndefined();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Check your mail').waitFor();
  });

  it('offers resend-activation on the login page to an inactive account, with its outcome in words', async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The email or password is wrong.').waitFor();
    await page.getByRole('button', { name: 'Resend activation email' }).click();
    await page.getByText(`A new activation link is on its way to ${EMAIL}.`).waitFor();
    // RESEND_ACTIVATION_EMAIL_RATE allows 3 an hour: the fourth is throttled, and the page says so.
    for (let click = 0; click < 3; click++) {
      await page.getByRole('button', { name: 'Resend activation email' }).click();
      await page.getByRole('button', { name: 'Resend activation email' }).waitFor();
    }
    await page.getByText('Too many requests: wait a while, then ask again.').waitFor();
  });

  it('2. opens the activation link from the mail outbox', async () => {
    const link = linkIn(await h.latestMail(EMAIL), '/activate/');
    expect(link.startsWith(`${h.url}/activate/`)).toBe(true);
    await page.goto(link);
    await page.getByText('Your account is active').waitFor();
    await checkAxe('activate');
  });

  it('3. logs in', async () => {
    await page.goto('/login');
    await checkAxe('login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/keys');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByText('No keys yet').waitFor();
    await checkAxe('keys (empty)');
    // Nothing of the session is readable by the page: the tokens live in HttpOnly cookies only.
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
  });

  it('4. creates a key, reads it once, and no longer sees it after a reload', async () => {
    await page.getByLabel('Name').fill('journey key');
    await page.getByRole('button', { name: 'Create key' }).click();
    secret = (await text('[data-testid="new-secret"]')).trim();
    expect(secret).toMatch(/^qk_/);
    await page.getByText('this page shows it in full only this once', { exact: false }).waitFor();
    await checkAxe('keys (new secret)');
    await page.reload();
    await page.getByRole('button', { name: 'journey key' }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('5. reveals, renames, resets and revokes', async () => {
    await page.getByRole('button', { name: 'Reveal' }).click();
    expect((await text('[data-testid="new-secret"]')).trim()).toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'journey key' }).click();
    await page.getByLabel('New name').fill('playground key');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'playground key' }).waitFor();

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('button', { name: 'Yes, reset' }).click();
    const replaced = (await text('[data-testid="new-secret"]')).trim();
    expect(replaced).toMatch(/^qk_/);
    expect(replaced).not.toBe(secret);
    secret = replaced;
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByLabel('Name').fill('doomed key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const doomed = page.locator('tr', { has: page.getByRole('button', { name: 'doomed key' }) });
    await doomed.getByRole('button', { name: 'Revoke' }).click();
    await doomed.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByRole('button', { name: 'doomed key' }).waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'playground key' }).count()).resolves.toBe(1);
  });

  it('6. searches from the playground (local index) and sees the balance drop in usage', async () => {
    await page.getByRole('link', { name: 'Playground' }).click();
    await page.getByLabel('Key').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Use this key' }).click();
    await page.getByText('Key ready').waitFor();
    await page.getByLabel('Query').fill('solar storm');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Answer: HTTP 200').waitFor();
    const answer = JSON.parse(await text('[data-testid="answer-json"]')) as { searchParameters?: { engine?: string }; organic?: { link: string }[] };
    expect(JSON.stringify(answer)).toContain('news.example.com');
    expect(await text('[data-testid="credits-used"]')).toMatch(/Credits used: 1 · remaining: 2/);
    expect(await page.locator('pre.code').first().innerText()).toContain(`curl -X POST ${h.url}/api/v1/search`);
    await checkAxe('playground');

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage' }).waitFor();
    expect((await text('[data-testid="balance"]')).replace(/\s+/g, ' ')).toBe('2 credits');
    await page.locator('.chart canvas').waitFor();
    await page.getByText('Search · web').first().waitFor();
    await page.getByRole('cell', { name: 'playground key' }).first().waitFor();
    await checkAxe('usage');
  });

  it('7. spends the rest of the balance, gets the 402, and follows upgrade_url to the plans page', async () => {
    await page.getByRole('link', { name: 'Playground' }).click();
    await page.getByLabel('Key').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Use this key' }).click();
    await page.getByLabel('Query').fill('aurora');
    for (let run = 0; run < 5; run++) {
      await page.getByRole('button', { name: 'Run' }).click();
      await page.getByRole('button', { name: 'Run' }).waitFor();
      if ((await page.getByText('Answer: HTTP 402').count()) > 0) break;
    }
    await page.getByText('Answer: HTTP 402').waitFor();
    expect(JSON.parse(await text('[data-testid="answer-json"]'))).toEqual({ error: 'Insufficient credits', credits_remaining: 0, upgrade_url: '/plans' });
    await page.getByRole('link', { name: 'Buy more credits' }).click();
    await page.waitForURL('**/plans');
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await page.getByText('1,000 credits', { exact: false }).first().waitFor();
    await checkAxe('plans');
  });

  it('8–9. buys a plan through the Paddle.js checkout and sees the credits arrive', async () => {
    await page.getByRole('button', { name: 'Buy Starter' }).click();
    await page.getByTestId('new-balance').waitFor();
    expect(await text('[data-testid="new-balance"]')).toBe('Your balance is now 1,000 credits.');
    const calls = await page.evaluate(
      () => (window as unknown as { __paddleCalls: { method: string; token?: string; transactionId?: string }[] }).__paddleCalls,
    );
    expect(calls.map((c) => c.method)).toEqual(['Environment.set', 'Initialize', 'Checkout.open']);
    const txn = calls[2]!.transactionId!;
    expect(h.paddle.transactions.get(txn)?.status).toBe('completed');

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByText('1,000 credits').first().waitFor();
    expect((await text('[data-testid="balance"]')).replace(/\s+/g, ' ')).toBe('1,000 credits');
    // A network failure shows a retry, which recovers once the network is back.
    await page.route('**/api/v1/billing/status/', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByText('Quarry could not be reached', { exact: false }).waitFor();
    await page.unroute('**/api/v1/billing/status/');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('cell', { name: txn }).waitFor();
    await page.getByRole('cell', { name: 'paid' }).waitFor();
    await checkAxe('billing');

    // The page PADDLE_CHECKOUT_URL points to: a payment link with ?_ptxn= opens that transaction's checkout.
    await page.goto('/checkout?_ptxn=txn_notatransaction');
    await page.getByText('has no valid transaction').waitFor();
    const { access } = await h.t.login(EMAIL, PASSWORD);
    const created = await h.t.quarry.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/create-transaction/',
      headers: { authorization: `Bearer ${access}` },
      payload: { plan: 'pro' },
    });
    const link = (created.json() as { transaction_id: string; checkout_url: string }).transaction_id;
    await page.goto(`/checkout?_ptxn=${link}`);
    await page.getByTestId('new-balance').waitFor();
    expect(await text('[data-testid="new-balance"]')).toBe('Your balance is now 7,000 credits.');
    await checkAxe('checkout');
  });

  it('refreshes an expired access token once, transparently', async () => {
    await context.clearCookies({ name: 'access' });
    await page.goto('/keys');
    await page.getByRole('button', { name: 'playground key' }).waitFor();
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['access', 'refresh']);
  });

  it('10. logs out, and the pages then send you to the login page', async () => {
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL('**/login');
    for (const path of ['/keys', '/usage', '/billing', '/playground']) {
      await page.goto(path);
      await page.waitForURL(`**/login?next=${encodeURIComponent(path)}`);
    }
    expect(await context.cookies()).toEqual([]);
  });

  it('never follows a login `next` off this origin', async () => {
    await page.goto(`/login?next=${encodeURIComponent('/\\example.org/plans')}`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/keys');
    expect(new URL(page.url()).origin).toBe(h.url);
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL('**/login');
  });

  it('11. resets the password through the outbox link and logs in with the new one', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await checkAxe('forgot-password');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Mail me a reset link' }).click();
    await page.getByText('a reset link is on its way', { exact: false }).waitFor();
    const link = linkIn(await h.latestMail(EMAIL), '/password-reset/');
    await page.goto(link);
    await checkAxe('password-reset');
    await page.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed').waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password' }).fill('yet another sturdy phrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The link is used up or expired', { exact: false }).waitFor();

    await page.goto('/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The email or password is wrong.').waitFor();
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/keys');
  });

  it('12. logs out everywhere: the session of another browser ends too, and this one returns to the login page', async () => {
    const elsewhere = await h.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto('/login');
      await other.getByLabel('Email').fill(EMAIL);
      await other.getByLabel('Password').fill(NEW_PASSWORD);
      await other.getByRole('button', { name: 'Log in' }).click();
      await other.waitForURL('**/keys');

      await page.getByRole('button', { name: 'Log out everywhere' }).click();
      await page.waitForURL('**/login');
      expect(await context.cookies()).toEqual([]);
      // The other browser still holds its cookies, but they no longer open anything, even after a refresh.
      await other.goto('/usage');
      await other.waitForURL(`**/login?next=${encodeURIComponent('/usage')}`);
    } finally {
      await elsewhere.close();
    }
  });

  it('has no serious or critical axe-core violation on any page, no script error, and no request off loopback', () => {
    expect(Object.keys(axeFindings).length).toBeGreaterThanOrEqual(12);
    expect(JSON.stringify(Object.fromEntries(Object.entries(axeFindings).filter(([, v]) => v.length > 0)), null, 1)).toBe('{}');
    expect(pageErrors).toEqual([]);
    expect(h.outsideRequests).toEqual([]);
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, seriousAxeViolations, startDashboard, type DashboardHarness } from '../support/dashboard.js';

/**
 * What a visitor meets before and around logging in, in real headless Chromium: no failed request
 * and no console error while not logged in, the app's own "Page not found", one clear message per
 * outcome of an activation or password-reset link, and a login failure that says only that the
 * email or password is wrong.
 */

const PASSWORD = 'a sturdy passphrase 42';

let h: DashboardHarness;
let context: BrowserContext;
let page: Page;

/** Everything a page can show as going wrong: console errors, script errors, failed and refused requests. */
function watchForFailures(target: Page): string[] {
  const failures: string[] = [];
  target.on('console', (message) => message.type() === 'error' && failures.push(`console: ${message.text()}`));
  target.on('pageerror', (error) => failures.push(`script: ${error.message}`));
  target.on('requestfailed', (request) => failures.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  target.on('response', (response) => response.status() >= 400 && failures.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`));
  return failures;
}

/** The messages (banners) on the page, as their text. */
const banners = () => page.locator('main .banner').allInnerTexts();

const inject = (method: 'GET' | 'POST', url: string, payload?: object) => h.t.quarry.app.inject({ method, url, ...(payload ? { payload } : {}) });

/** Signs up through the API and answers the activation link mailed. */
async function signUp(email: string): Promise<string> {
  expect((await inject('POST', '/api/v1/auth/users/', { email, password: PASSWORD })).statusCode).toBe(201);
  return linkIn(await h.latestMail(email), '/activate/');
}

/** A copy of a mailed link whose token is wrong (one character changed). */
const spoiled = (link: string) => link.slice(0, -1) + (link.endsWith('0') ? '1' : '0');

beforeAll(async () => {
  h = await startDashboard();
  context = await h.newContext();
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await h?.close();
});

describe('a visitor who is not logged in', { timeout: 60_000 }, () => {
  it('sees no console error and no failed request on `/`, the login page and the other public pages', async () => {
    const visitor = await context.newPage();
    const failures = watchForFailures(visitor);
    const sessionAnswers: number[] = [];
    visitor.on('response', (response) => response.url().includes('/api/v1/auth/session/') && sessionAnswers.push(response.status()));
    try {
      await visitor.goto('/');
      await visitor.waitForURL(`**/login?next=${encodeURIComponent('/')}`);
      await visitor.getByRole('button', { name: 'Log in', exact: true }).waitFor();
      await visitor.waitForLoadState('networkidle');
      for (const path of ['/login', '/signup', '/forgot-password', '/plans']) {
        await visitor.goto(path);
        await visitor.locator('main h1').waitFor();
        await visitor.waitForLoadState('networkidle');
      }
      expect(failures).toEqual([]);
      // The page still learnt that nobody is logged in, from a 200.
      expect(sessionAnswers.length).toBeGreaterThan(0);
      expect(new Set(sessionAnswers)).toEqual(new Set([200]));
    } finally {
      await visitor.close();
    }
  });
});

describe('an unknown path', { timeout: 60_000 }, () => {
  it('shows the app’s own "Page not found" with status 404 and a link home, without axe-core violations', async () => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('There is no page at /nope.', { exact: false }).waitFor();
    expect(await page.title()).toBe('Page not found · Quarry');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    // Home, for a visitor who is not logged in, is the login page.
    await page.waitForURL(`**/login?next=${encodeURIComponent('/')}`);
    // A deeper path under a page of the app is unknown too.
    expect((await page.goto('/keys/nope'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('keeps the JSON 404 for API clients and under the API prefixes', async () => {
    const api = await fetch(`${h.url}/nope`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await api.text()).toBe('{"detail":"Not found."}');
    const underApi = await page.goto('/api/v1/nope/');
    expect(underApi?.status()).toBe(404);
    expect(await underApi?.text()).toBe('{"detail":"Not found."}');
  });
});

describe('activation links', { timeout: 60_000 }, () => {
  const email = `activate-${Date.now()}@example.com`;
  let link = '';

  it('a broken link says once that it does not work, with no server wording', async () => {
    link = await signUp(email);
    await page.goto(spoiled(link));
    await page.getByText('This activation link does not work', { exact: false }).waitFor();
    expect(await banners()).toEqual([
      'This activation link does not work: it is incomplete, or it has expired. On the log-in page, “Didn’t get the activation email?” sends a new one.',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('a good link activates, with one message', async () => {
    await page.goto(link);
    await page.getByText('Your account is active. You can log in now.').waitFor();
    expect(await banners()).toEqual(['Your account is active. You can log in now.']);
  });

  it('a used link says the account is active already, with one message', async () => {
    await page.goto(link);
    await page.getByText('This link was used already', { exact: false }).waitFor();
    expect(await banners()).toEqual(['This link was used already: your account is active. You can log in now.']);
  });
});

describe('the login page', { timeout: 60_000 }, () => {
  const active = `active-${Date.now()}@example.com`;
  const pending = `pending-${Date.now()}@example.com`;

  beforeAll(async () => {
    await page.goto(await signUp(active));
    await page.getByText('Your account is active.', { exact: false }).waitFor();
    await signUp(pending);
  });

  it('says only that the email or password is wrong, and always offers the activation email as a line of its own', async () => {
    await page.goto('/login');
    // Offered before any attempt, in words that do not say the account is inactive.
    await page.getByText('Didn’t get the activation email?').waitFor();
    await page.getByLabel('Email').fill(active);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('The email or password is wrong.').waitFor();
    expect(await banners()).toEqual(['The email or password is wrong.']);
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/not active|No active account/i);
    expect(await page.getByText('Didn’t get the activation email?').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('resends the activation email, with one message per outcome', async () => {
    await page.goto('/login');
    const resend = page.getByRole('button', { name: 'Resend activation email' });
    await resend.click();
    await page.getByText('Type your email above first.').waitFor();
    expect(await banners()).toEqual(['Type your email above first.']);

    await page.getByLabel('Email').fill(pending);
    await resend.click();
    await page.getByText(`A new activation link is on its way to ${pending}.`).waitFor();
    expect(await banners()).toEqual([`A new activation link is on its way to ${pending}.`]);

    await page.getByLabel('Email').fill(active);
    await resend.click();
    await page.getByText('This account is active already: log in with its password.').waitFor();
    expect(await banners()).toEqual(['This account is active already: log in with its password.']);

    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await resend.click();
    await page.getByText('No account has this email.', { exact: false }).waitFor();
    expect(await banners()).toEqual(['No account has this email. Check it, or create an account.']);
  });

  it('logs in an active account and leaves it, with no failed request on the way', async () => {
    const failures = watchForFailures(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(active);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/keys');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    // The page's own requests end first: a reload would abort one still in flight (ERR_ABORTED), which is no failure of the server.
    await page.waitForLoadState('networkidle');
    // An expired access cookie with a live refresh cookie: the session is renewed without a 401.
    await context.clearCookies({ name: 'access' });
    await page.reload();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['access', 'refresh']);
    expect(failures).toEqual([]);
    // A logged-in visitor at an unknown path gets the same "Page not found" (its 404 is the only failure Chromium reports).
    await page.goto('/nope');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/keys');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL('**/login');
  });
});

describe('password-reset links', { timeout: 60_000 }, () => {
  const email = `reset-${Date.now()}@example.com`;
  let link = '';

  beforeAll(async () => {
    await page.goto(await signUp(email));
    await page.getByText('Your account is active.', { exact: false }).waitFor();
    expect((await inject('POST', '/api/v1/auth/users/reset_password/', { email })).statusCode).toBe(204);
    link = linkIn(await h.latestMail(email), '/password-reset/');
  });

  it('a broken link says once that it is used up or expired, and offers no form', async () => {
    await page.goto(spoiled(link));
    await page.getByRole('textbox', { name: 'New password' }).fill('yet another sturdy phrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The link is used up or expired', { exact: false }).waitFor();
    expect(await banners()).toEqual(['The link is used up or expired, so the password was not changed. Ask for a new link below.']);
    expect(await page.getByRole('textbox', { name: 'New password' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  it('a weak password is said under its field only, and a good one changes the password with one message', async () => {
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password' }).fill('123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.locator('.field.has-error').waitFor();
    expect(await banners()).toEqual([]);
    await page.getByRole('textbox', { name: 'New password' }).fill('another sturdy phrase 77');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed.', { exact: false }).waitFor();
    expect(await banners()).toEqual(['Your password is changed. Log in with the new one.']);
  });

  it('a used link says so once', async () => {
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password' }).fill('yet another sturdy phrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The link is used up or expired', { exact: false }).waitFor();
    expect(await banners()).toEqual(['The link is used up or expired, so the password was not changed. Ask for a new link below.']);
  });
});

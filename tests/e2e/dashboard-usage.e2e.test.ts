import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, startDashboard, type DashboardHarness } from '../support/dashboard.js';

/**
 * The dashboard's polish (issue 27, item 3) in real headless Chromium: a header balance that
 * follows every call, one usage line per call, correct plurals and a legend without dashes, a
 * playground that fits a phone, an aligned keys table with a visible Rename, and plan cards whose
 * buttons share one line. Every page it changes is checked with axe-core.
 */

let h: DashboardHarness;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  h = await startDashboard();
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await h?.close();
});

/** A fresh account with `credits` and one key, logged in in a browser of the given size. */
async function loggedIn(credits: number, viewport?: { width: number; height: number }) {
  const user = await h.t.createUser(undefined, credits);
  const { access } = await h.t.login(user.email, user.password);
  const key = await h.t.createKey(access, 'e2e key');
  const context = await h.newContext(viewport);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/keys');
  return { user, access, key, page };
}

/** Spends credits the way a script would, outside the dashboard. */
const searchWithKey = (key: string, query: string) =>
  h.t.quarry.app.inject({ method: 'POST', url: '/api/v1/search', headers: { 'x-api-key': key }, payload: { query, use_cache: false } });

async function pickKey(page: Page) {
  await page.getByRole('link', { name: 'Playground' }).click();
  await page.getByLabel('Key').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Use this key' }).click();
  await page.getByText('Key ready').waitFor();
}

async function runSearch(page: Page, query: string) {
  await page.getByLabel('Query').fill(query);
  await page.getByRole('button', { name: 'Run' }).click();
  await page.getByRole('button', { name: 'Run' }).waitFor();
  await page.getByText('Answer: HTTP 200').waitFor();
}

const headerBalance = (page: Page) => page.getByTestId('header-balance').innerText();
const until = async (read: () => Promise<string>, expected: string) => {
  for (let i = 0; i < 50 && (await read()) !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return read();
};

async function expectAxeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('dashboard polish in Chromium', { timeout: 60_000 }, () => {
  it('keeps the header balance in step with every playground call, with the Balance card, and on returning to the page', async () => {
    const { page, key } = await loggedIn(10);
    expect(await headerBalance(page)).toBe('10 credits');
    await pickKey(page);
    await runSearch(page, 'solar storm');
    expect(await until(() => headerBalance(page), '9 credits')).toBe('9 credits');
    await runSearch(page, 'aurora');
    expect(await until(() => headerBalance(page), '8 credits')).toBe('8 credits');

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByTestId('balance').waitFor();
    expect((await page.getByTestId('balance').innerText()).replace(/\s+/g, ' ')).toBe('8 credits');
    expect(await headerBalance(page)).toBe('8 credits');

    // Credits spent elsewhere (a script with the same key) show when the page regains focus…
    await searchWithKey(key.key, 'elsewhere one');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect(await until(() => headerBalance(page), '7 credits')).toBe('7 credits');
    expect((await page.getByTestId('balance').innerText()).replace(/\s+/g, ' ')).toBe('7 credits');
    // …or becomes visible again.
    await searchWithKey(key.key, 'elsewhere two');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await until(() => headerBalance(page), '6 credits')).toBe('6 credits');
  });

  it('shows one usage line per call with its net cost and key, the hold and release folded under it, and a grant in words', async () => {
    const { page, key } = await loggedIn(20);
    for (const query of ['one', 'two', 'three']) expect((await searchWithKey(key.key, `solar ${query}`)).statusCode).toBe(200);
    await page.getByRole('link', { name: 'Usage' }).click();
    const rows = page.locator('table.activity tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    const calls = rows.filter({ hasText: 'Search · web' });
    expect(await calls.count()).toBe(3);
    const first = calls.first();
    expect(await first.locator('td[data-label="Credits"]').innerText()).toBe('-1');
    expect(await first.locator('td[data-label="Key"]').innerText()).toBe('e2e key');
    // The words of the ledger's mechanics stay folded until asked for.
    const table = await page.locator('table.activity').innerText();
    expect(table).not.toMatch(/\b(hold|release|charge)\b/i);
    await first.locator('summary').click();
    const details = await first.locator('.entries').innerText();
    expect(details).toContain('1 credit held while it ran');
    expect(details).toContain('1 credit returned');
    expect(details).toContain('1 credit charged');
    const grant = rows.filter({ hasText: 'Credits granted' });
    expect(await grant.locator('td[data-label="Credits"]').innerText()).toBe('+20');
    await expectAxeClean(page);
  });

  it('writes counts in the right number and shows the legend without dashes', async () => {
    const { page, key } = await loggedIn(2);
    expect((await searchWithKey(key.key, 'lonely')).statusCode).toBe(200);
    await page.goto('/usage');
    await page.locator('.chart canvas').waitFor();
    await page.getByText('1 credit over 1 request in the last 30 days.').waitFor();
    expect(await until(() => headerBalance(page), '1 credit')).toBe('1 credit');
    expect((await page.getByTestId('balance').innerText()).replace(/\s+/g, ' ')).toBe('1 credit');
    // With nothing hovered the legend gives the window and each endpoint's total.
    const legend = await page
      .locator('.u-legend .u-series')
      .evaluateAll((rows) => rows.map((row) => `${row.querySelector('.u-label')?.textContent}: ${row.querySelector('.u-value')?.textContent}`));
    expect(legend).toEqual(['Day: last 30 days', 'Search · web: 1']);
    await expectAxeClean(page);
  });

  it('fits the playground on a 390 px phone: the tabs on one line, nothing wider than the screen, the curl lines whole', async () => {
    const { page } = await loggedIn(5, { width: 390, height: 844 });
    await pickKey(page);
    await runSearch(page, 'solar storm');
    const tabs = await page
      .getByRole('tab')
      .evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })));
    expect(tabs).toHaveLength(5);
    expect(new Set(tabs.map((t) => Math.round(t.top))).size).toBe(1);
    const overflow = await page.evaluate(() => {
      const wide = Array.from(document.querySelectorAll('body *')).filter((e) => !e.closest('pre') && e.getBoundingClientRect().right > innerWidth + 0.5);
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide: wide.map((e) => e.outerHTML.slice(0, 80)) };
    });
    expect(overflow.wide).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
    // Each written line of the curl command is one line on screen: nothing splits "search".
    const curl = await page.getByLabel('curl command').evaluate((pre) => {
      const range = document.createRange();
      range.selectNodeContents(pre);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      return { lines: pre.textContent!.split('\n').length, shown: tops.size, scrolls: pre.scrollWidth > pre.clientWidth };
    });
    expect(curl).toEqual({ lines: 4, shown: 4, scrolls: true });
    await expectAxeClean(page);
  });

  it('lines the keys table’s actions up with their rows, and renames through a visible Rename button from the keyboard', async () => {
    const { page, access } = await loggedIn(0);
    await h.t.createKey(access, 'second key');
    await page.reload();
    const rows = page.locator('table tbody tr');
    await rows.nth(1).waitFor();
    for (let i = 0; i < 2; i++) {
      const cells = await rows
        .nth(i)
        .locator('td')
        .evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect()).map((r) => ({ top: r.top, height: r.height })));
      expect(cells).toHaveLength(5);
      for (const cell of cells) expect(cell).toEqual(cells[0]);
    }
    const rename = page.getByRole('button', { name: 'Rename e2e key' });
    // It reads "Rename" on screen; the key's name is there for screen readers only.
    expect(await rename.isVisible()).toBe(true);
    expect(await rename.evaluate((button) => button.childNodes[0]?.textContent)).toBe('Rename');
    await rename.focus();
    await page.keyboard.press('Enter');
    const input = page.getByLabel('New name');
    await expect.poll(() => input.evaluate((e) => e === document.activeElement)).toBe(true);
    await input.fill('renamed key');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Rename renamed key' }).waitFor();
    await expectAxeClean(page);
  });

  it('puts every plan’s Buy button on one line, however long a plan’s name', async () => {
    const { page } = await loggedIn(0);
    await page.route('**/api/v1/billing/plans/', async (route) => {
      const plans = (await (await route.fetch()).json()) as { name: string }[];
      plans[0]!.name = 'A starter pack with a name long enough to wrap onto several lines';
      await route.fulfill({ json: plans });
    });
    await page.goto('/plans');
    await page.getByRole('button', { name: /^Buy / }).first().waitFor();
    const buttons = await page.getByRole('button', { name: /^Buy / }).evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    expect(new Set(buttons).size).toBe(1);
    await expectAxeClean(page);
  });

  it('raised no script error on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});

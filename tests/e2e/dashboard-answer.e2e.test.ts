import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnswerDashboard, type AnswerDashboard } from '../support/answer-dashboard.js';
import { ANSWER_PAGES } from '../support/answer-site.js';
import { seriousAxeViolations } from '../support/dashboard.js';

/**
 * The playground's Answer tab in real headless Chromium: a question asked with a key is searched
 * in the local index (the loopback answer site's pages), the pages are read, the fake model
 * answers, and the page shows the answer with its numbered sources and what it cost, while the
 * header balance follows the charge.
 */

let a: AnswerDashboard;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  a = await startAnswerDashboard();
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await a?.close();
});

/** A fresh account with `credits` and one key, logged in, on the playground's Answer tab with the key picked. */
async function onAnswerTab(credits: number) {
  const { h } = a;
  const user = await h.t.createUser(undefined, credits);
  const { access } = await h.t.login(user.email, user.password);
  await h.t.createKey(access, 'answers key');
  const context = await h.newContext();
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/keys');
  await page.getByRole('link', { name: 'Playground' }).click();
  await page.getByLabel('Key').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Use this key' }).click();
  await page.getByText('Key ready').waitFor();
  await page.getByRole('tab', { name: 'Answer' }).click();
  return { user, page };
}

async function ask(page: Page, question: string, pages: number) {
  await page.getByLabel('Question').fill(question);
  await page.getByLabel('Pages to read').selectOption(String(pages));
  await page.getByRole('button', { name: 'Ask' }).click();
  await page.getByText(/Answer: HTTP \d+/).waitFor();
}

const headerBalance = (page: Page) => page.getByTestId('header-balance').innerText();
const until = async (read: () => Promise<string>, expected: string) => {
  for (let i = 0; i < 50 && (await read()) !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return read();
};

describe('the playground’s Answer tab in Chromium', { timeout: 60_000 }, () => {
  it('asks a question and shows the answer with numbered, linked sources, the cited quotes and the cost; the header balance drops by it', async () => {
    const { user, page } = await onAnswerTab(40);
    expect(await headerBalance(page)).toBe('40 credits');
    a.fake.setScenario({ kind: 'ok', reply: 'The Cordouan lighthouse used it first, lit in 1823 [1].\n\nKeepers trimmed the wicks every four hours [2].' });

    await ask(page, 'Fresnel Cordouan 1823 keepers wicks', 3);
    await page.getByText('Answer: HTTP 200').waitFor();

    const answer = page.getByTestId('answer-text');
    expect(await answer.innerText()).toMatch(/The Cordouan lighthouse used it first, lit in 1823\[1\]\.\s+Keepers trimmed the wicks every four hours\[2\]\./);
    // Each marker is a link to its numbered source in the list below.
    const markers = answer.getByRole('link');
    expect(await markers.evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]))).toEqual([
      ['[1]', '#answer-source-1'],
      ['[2]', '#answer-source-2'],
    ]);

    const sources = page.getByTestId('answer-sources').locator('li');
    const listed = await sources.evaluateAll((items) =>
      items.map((item) => ({
        id: item.id,
        n: item.querySelector('.source-n')?.textContent,
        title: item.querySelector('a.source-title')?.textContent,
        href: item.querySelector('a.source-title')?.getAttribute('href'),
        quote: item.querySelector('.source-quote')?.textContent ?? null,
      })),
    );
    expect(listed.length).toBeGreaterThanOrEqual(2);
    for (const [index, source] of listed.entries()) {
      expect(source.n).toBe(String(index + 1));
      expect(source.id).toBe(`answer-source-${index + 1}`);
      const page = ANSWER_PAGES.find((candidate) => source.href === `${a.site.url}${candidate.path}`);
      expect(page, `source ${source.href} is a page of the answer site`).toBeDefined();
      expect(source.title).toBe(page!.title);
    }
    // The cited sources carry the passage the model was given, which says what the answer says.
    expect(listed[0]!.quote).toContain('Cordouan');
    expect(listed[1]!.quote).toContain('four hours');

    await answer.getByRole('link', { name: /^Source 2:/ }).click();
    expect(new URL(page.url()).hash).toBe('#answer-source-2');

    // What it cost, in all and part by part, and the header following the charge.
    const used = Number(/Credits used: (\d+)/.exec(await page.getByTestId('credits-used').innerText())![1]);
    expect(used).toBeGreaterThan(0);
    expect(await page.getByTestId('answer-usage').innerText()).toMatch(/^Search 1 · pages \d+ · model \d+ \(\d+ prompt \+ \d+ completion tokens?\)$/);
    expect(await a.h.t.quarry.services.ledger.balance(user.id)).toBe(40 - used);
    expect(await until(() => headerBalance(page), `${40 - used} credits`)).toBe(`${40 - used} credits`);

    const curl = await page.getByLabel('curl command').innerText();
    expect(curl).toContain(`curl -X POST ${a.h.url}/api/v1/answer`);
    expect(curl).toContain(`'{"query":"Fresnel Cordouan 1823 keepers wicks","limit":3}'`);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(a.h.outsideRequests).toEqual([]);
  });

  it('shows the model’s words as text, never as markup, and says which markers were dropped', async () => {
    const { page } = await onAnswerTab(40);
    a.fake.setScenario({
      kind: 'ok',
      reply: 'It was first lit at Cordouan in 1823 [1]. <img src=x onerror="document.title=\'pwned\'"><b>bold?</b> Some say otherwise [9].',
    });
    // Words only the answer site has: every page read is on loopback.
    await ask(page, 'Fresnel lighthouse', 3);
    await page.getByText('Answer: HTTP 200').waitFor();

    const answer = page.getByTestId('answer-text');
    expect(await answer.innerText()).toContain('<img src=x onerror="document.title=\'pwned\'"><b>bold?</b>');
    expect(await answer.locator('img, b').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    // The service removed the marker naming no source; the page shows its warning.
    expect(await answer.innerText()).not.toContain('[9]');
    expect(await page.getByRole('status').filter({ hasText: 'names no source' }).innerText()).toContain('[9]');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

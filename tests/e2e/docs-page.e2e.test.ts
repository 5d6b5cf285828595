import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/dashboard.js';

/**
 * The API docs (Swagger UI at /api/v1/docs/) under the dashboard's Content-Security-Policy
 * (finding 11 of issue 25): the policy must not break the page. Headless Chromium renders it and
 * opens an operation; any CSP refusal (only a console message) or page error fails the test, and
 * no request may leave loopback.
 */
describe('API docs page in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.quarry.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('renders Swagger UI with no CSP refusal and nothing fetched from outside', async () => {
    const context = await browser.newContext();
    const problems: string[] = [];
    const outside: string[] = [];
    await context.route(
      (target) => !['127.0.0.1', 'localhost'].includes(target.hostname),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => /Content.Security.Policy|Refused to/i.test(message.text()) && problems.push(message.text()));

    const res = await page.goto(`${base}/api/v1/docs/`);
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect.poll(() => page.locator('.swagger-ui .info .title').textContent(), { timeout: 15_000 }).toContain('Quarry API');
    // Expanding an operation renders its schemas (inline styles, SVG icons): the parts a CSP breaks first.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();

    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  }, 60_000);
});

/**
 * `npm run screenshots`: saves every dashboard page at 1280×800 and 390×844 into
 * docs/screenshots/, on a real server filled with two weeks of usage, and prints axe-core's
 * serious/critical findings per page.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startAnswerDashboard } from '../support/answer-dashboard.js';
import { linkIn, seriousAxeViolations } from '../support/dashboard.js';

const OUT = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const DAY = 86_400_000;
let offset = 0;
// The dashboard can also answer questions, from the loopback answer site and the fake model.
const answers = await startAnswerDashboard({ SIGNUP_CREDITS: '500' }, { now: () => new Date(Date.now() - offset) });
const { h } = answers;
answers.fake.setScenario({
  kind: 'ok',
  reply:
    'The Fresnel lens was first used at the **Cordouan** lighthouse, lit in 1823, a year after Augustin Fresnel presented it to the French Academy of Sciences [1]. ' +
    'A first-order lens could throw a beam more than twenty miles, several times the reach of the mirrors it replaced [1].\n\n' +
    'Its keepers tended the flame through the night, trimming the wicks every four hours, which is why they were called wickies [2].',
});

const user = await h.t.createUser('ada@example.com', 0);
await h.t.quarry.services.ledger.credit(user.id, 2500, { kind: 'grant', note: 'welcome credits', idempotencyKey: 'shots' });
const { access } = await h.t.login(user.email, user.password);
const production = await h.t.createKey(access, 'production');
await h.t.createKey(access, 'staging');
await h.t.createKey(access, 'notebook');
const call = (path: string, body: unknown) =>
  h.t.quarry.app.inject({
    method: 'POST',
    url: path,
    headers: { 'x-api-key': production.key, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
for (let day = 13; day >= 0; day--) {
  offset = day * DAY;
  const calls = 2 + ((day * 7) % 5);
  for (let i = 0; i < calls; i++) await call('/api/v1/search', { query: `solar storm ${day} ${i}`, use_cache: false });
  for (let i = 0; i < day % 4; i++) await call('/api/v1/news', { q: `aurora ${day} ${i}`, use_cache: false });
  for (let i = 0; i < (day + 1) % 3; i++) await call('/api/v1/images', { q: `lake ${day} ${i}`, use_cache: false });
}
offset = 0;
const txn = await h.t.quarry.app.inject({
  method: 'POST',
  url: '/api/v1/billing/checkout/create-transaction/',
  headers: { authorization: `Bearer ${access}` },
  payload: { plan: 'pro' },
});
const txnId = (txn.json() as { transaction_id: string }).transaction_id;
h.paddle.setStatus(txnId, 'completed');
await h.t.quarry.app.inject({
  method: 'POST',
  url: '/api/v1/billing/checkout/confirm/',
  headers: { authorization: `Bearer ${access}` },
  payload: { transaction_id: txnId },
});
await h.t.quarry.app.inject({
  method: 'POST',
  url: '/api/v1/billing/checkout/create-transaction/',
  headers: { authorization: `Bearer ${access}` },
  payload: { plan: 'starter' },
});
const paidLater = await h.t.quarry.app.inject({
  method: 'POST',
  url: '/api/v1/billing/checkout/create-transaction/',
  headers: { authorization: `Bearer ${access}` },
  payload: { plan: 'starter' },
});
const paidLaterId = (paidLater.json() as { transaction_id: string }).transaction_id;

// Mail links for the activate and password-reset pages: an activation link works once, so each
// screen size gets an account of its own (a used link would show the "already used" page).
async function activationLink(email: string): Promise<string> {
  await h.t.quarry.app.inject({
    method: 'POST',
    url: '/api/v1/auth/users/',
    payload: { email, password: 'a sturdy passphrase 42' },
    headers: { host: new URL(h.url).host },
  });
  return new URL(linkIn(await h.latestMail(email), '/activate/')).pathname;
}
const activation = { desktop: await activationLink('new@example.com'), mobile: await activationLink('new-on-a-phone@example.com') };
await h.t.quarry.app.inject({
  method: 'POST',
  url: '/api/v1/auth/users/reset_password/',
  payload: { email: user.email },
  headers: { host: new URL(h.url).host },
});
const reset = linkIn(await h.latestMail(user.email), '/password-reset/');

type Shot = { name: string; path: string | ((size: 'desktop' | 'mobile') => string); prepare?: (page: Page) => Promise<void>; loggedIn: boolean };
const SHOTS: Shot[] = [
  { name: 'login', path: '/login', loggedIn: false },
  { name: 'signup', path: '/signup', loggedIn: false },
  { name: 'forgot-password', path: '/forgot-password', loggedIn: false },
  { name: 'activate', path: (size) => activation[size], loggedIn: false },
  { name: 'password-reset', path: new URL(reset).pathname, loggedIn: false },
  {
    name: 'checkout',
    path: `/checkout?_ptxn=${paidLaterId}`,
    loggedIn: false,
    prepare: async (page) => void (await page.getByText('Payment received').waitFor()),
  },
  { name: 'keys', path: '/keys', loggedIn: true },
  {
    name: 'keys-new-secret',
    path: '/keys',
    loggedIn: true,
    prepare: async (page) => {
      await page.getByLabel('Name').fill('ci runner');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByTestId('new-secret').waitFor();
    },
  },
  {
    name: 'usage',
    path: '/usage',
    loggedIn: true,
    prepare: async (page) => {
      await page.locator('.chart canvas').waitFor();
      // One call opened, to show its hold, release and charge folded under its line.
      await page.locator('table.activity summary').first().click();
      await page.evaluate(() => scrollTo(0, 0));
    },
  },
  { name: 'plans', path: '/plans', loggedIn: true },
  { name: 'billing', path: '/billing', loggedIn: true },
  {
    name: 'playground',
    path: '/playground',
    loggedIn: true,
    prepare: async (page) => {
      await page
        .getByLabel('Key')
        .selectOption({ label: `production (${production.key.slice(0, 8)}…)` })
        .catch(() => page.getByLabel('Key').selectOption({ index: 1 }));
      await page.getByRole('button', { name: 'Use this key' }).click();
      await page.getByLabel('Query').fill('solar storm');
      await page.getByRole('button', { name: 'Run' }).click();
      await page.getByText('Answer: HTTP 200').waitFor();
      await page.getByRole('heading', { name: '2. Make a call' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'playground-answer',
    path: '/playground',
    loggedIn: true,
    prepare: async (page) => {
      await page.getByLabel('Key').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Use this key' }).click();
      await page.getByRole('tab', { name: 'Answer' }).click();
      await page.getByLabel('Question').fill('Which lighthouse first used the Fresnel lens, and what did its keepers do?');
      // Two pages: the two the question is about, both cited.
      await page.getByLabel('Pages to read').selectOption('2');
      await page.getByRole('button', { name: 'Ask' }).click();
      await page.getByText('Answer: HTTP 200').waitFor();
      await page.getByRole('heading', { name: '2. Make a call' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    },
  },
];

mkdirSync(OUT, { recursive: true });
let findings = 0;
for (const [suffix, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  for (const loggedIn of [false, true]) {
    const context = await h.newContext(viewport);
    const page = await context.newPage();
    if (loggedIn) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/keys');
    }
    for (const shot of SHOTS.filter((s) => s.loggedIn === loggedIn)) {
      await page.goto(typeof shot.path === 'string' ? shot.path : shot.path(suffix));
      await page.waitForLoadState('networkidle');
      await shot.prepare?.(page);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(OUT, `${shot.name}-${suffix}.png`) });
      const violations = await seriousAxeViolations(page);
      findings += violations.length;
      console.log(`${shot.name}-${suffix}.png`, violations.length ? JSON.stringify(violations) : 'axe: no serious/critical violations');
    }
    await context.close();
  }
}
await answers.close();
console.log(`screenshots in ${OUT}; ${findings} axe finding(s); requests off loopback: ${h.outsideRequests.length}`);

/**
 * What the tests of the model's page formats (JSON extraction, summary, question) share: the chat
 * settings pointing at the loopback fake upstream, prices that make a call's charge its token count,
 * and a loopback shop page whose main content stands between navigation and a footer.
 */
import { writeModelsFile } from './chat-models.js';
import { fakeUsage, type FakeOpenAI, type RecordedRequest } from './fake-openai.js';
import { startHtmlSite, type HtmlSite } from './html-site.js';

/**
 * The app's chat settings for `fake`: a models file of one model, `page-model` (so another name is
 * refused), at one credit a token, prompt and completion alike.
 */
export function pageModelEnv(fake: FakeOpenAI): Record<string, string> {
  const model = {
    id: 'page-model',
    upstream_url: fake.url,
    upstream_model: 'upstream-model',
    api_key_env: 'PAGE_MODEL_KEY',
    prompt_price_per_1k: 1000,
    completion_price_per_1k: 1000,
    context_length: 32_000,
  };
  return {
    CHAT_MODELS_FILE: writeModelsFile({ models: [model] }),
    PAGE_MODEL_KEY: 'sk-upstream',
    CHAT_RETRY_BASE_DELAY_MS: '5',
    PRICE_SCRAPE: '1',
  };
}

/** What one call cost at `pageModelEnv`'s prices: the fake's usage of `reply` to `request`. */
export function callCost(request: RecordedRequest | undefined, reply: string): number {
  if (request === undefined) throw new Error('the upstream received no such request');
  const usage = fakeUsage(request.body as Parameters<typeof fakeUsage>[0], reply);
  return Math.max(1, usage.prompt_tokens + usage.completion_tokens);
}

interface Message {
  role: string;
  content: string;
}

/** The messages the upstream received in `request`. */
export function messagesOf(request: RecordedRequest | undefined): Message[] {
  if (request === undefined) throw new Error('the upstream received no such request');
  return (request.body as { messages: Message[] }).messages;
}

/** Every message's text of `request`, joined: what the model was shown. */
export function promptOf(request: RecordedRequest | undefined): string {
  return messagesOf(request)
    .map((message) => message.content)
    .join('\n');
}

/** Text of the shop page's navigation and footer: never shown to the model. */
export const BOILERPLATE = ['Weather report', 'Gift cards and returns', 'Contact the shop team'];

const PRODUCT = [
  '<h1>Aurora kettle</h1>',
  '<p>The Aurora kettle boils 1.7 litres of water in under four minutes and switches itself off when the water boils.</p>',
  '<p>Price: 49.90 EUR. It ships in two days from the warehouse in Porto, wrapped in recycled cardboard.</p>',
  '<p>The body is brushed steel with a cool-touch handle, and the base turns all the way round for left-handed pourers.</p>',
  '<p>Every kettle comes with a two-year warranty covering the heating element and the thermostat against defects.</p>',
].join('');

const withChrome = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
  <nav><a href="/">Home</a> <a href="/weather">Weather report</a> <a href="/gifts">Gift cards and returns</a></nav>
  <main>${main}</main>
  <footer>Contact the shop team · © 2026 Kettle Corner</footer></body></html>`;

/** `/product`: a short product page; `/long`: a page far beyond the model's content budget, its last paragraph marked. */
export function startShopSite(): Promise<HtmlSite> {
  const long = Array.from({ length: 900 }, (_, i) => `<p>Paragraph ${i + 1} tells the long history of kettles, one plain sentence after another.</p>`);
  long.push('<p>The very last paragraph mentions the zeppelin.</p>');
  return startHtmlSite((url) => {
    if (url.pathname === '/product') return withChrome('Aurora kettle', PRODUCT);
    if (url.pathname === '/long') return withChrome('Kettle history', long.join(''));
    return undefined;
  });
}

/** A JSON Schema of the product page. */
export const PRODUCT_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
  required: ['name', 'price'],
};

import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { ScrapeNetworkError } from '../net/errors.js';
import { createHostLimiter } from '../net/host-limiter.js';
import { createTargetGuard, type HostResolver } from '../net/target-guard.js';
import { effectivePort, hostKeyOfUrl, parseTargetUrl } from '../net/url-policy.js';
import { chromiumArgs, DISABLE_PROXY_BYPASSING_APIS, findChromium } from './chromium-launch.js';
import { PROXY_ERROR_HEADER, startGuardedProxy, type GuardedProxy } from './guarded-proxy.js';
import { navigationError } from './navigation-errors.js';
import { DEFAULT_VIEWPORT, fullPageClip, SCREENSHOT_LIMITS, type CapturedScreenshot, type ScreenshotSpec } from '../screenshots/spec.js';

export interface BrowserEngineOptions {
  /** Chromium to launch. Default: /usr/bin/chromium (or /usr/bin/chromium-browser) when installed. */
  executablePath?: string;
  /** Pages rendered at once, each in its own fresh context; more wait in a queue. Default 2. */
  maxContexts?: number;
  /** Time for the navigation to reach DOMContentLoaded. Default 30 000 ms. */
  navigationTimeoutMs?: number;
  /** How long to wait for the network to go idle after that; the page is taken as it is when the cap hits. Default 5 000 ms. */
  networkIdleCapMs?: number;
  /** Time for Chromium to start. Default 30 000 ms. */
  launchTimeoutMs?: number;
  /** `host:port` pairs exempt from the address checks. Default: none. */
  allowedHosts?: readonly string[];
  /** Name resolution for the address checks (page and every sub-resource). Default: the system resolver. */
  resolver?: HostResolver;
  /** Playwright resource types never fetched. Default: image, media, font. */
  blockedResourceTypes?: readonly string[];
  /** Chromium is closed once no page has been rendered for this long, and started again by the next render. Default 60 000 ms. */
  idleCloseMs?: number;
}

export interface RenderOptions {
  /** Cancels the render; it then rejects with code `aborted`. */
  signal?: AbortSignal;
  /** Also take a picture of the rendered page (its images and fonts are then loaded too). */
  screenshot?: ScreenshotSpec;
}

export interface RenderedPage {
  /** The page's URL after redirects and client-side navigation. */
  finalUrl: string;
  /** HTTP status of the main document. */
  status: number;
  /** The DOM serialised after scripts ran. */
  html: string;
  timingMs: number;
  /** When the render asked for one. */
  screenshot?: CapturedScreenshot;
}

/**
 * Renders pages that need JavaScript in a real Chromium. Implementations must
 * route every request of the page (document, sub-resources, redirects,
 * WebSockets) through the address checks, and reject only with
 * ScrapeNetworkError for target-side and policy failures.
 */
export interface BrowserEngine {
  /** False when no Chromium is installed; `render` then rejects with `browser_unavailable`. */
  readonly available: boolean;
  render(url: string | URL, options?: RenderOptions): Promise<RenderedPage>;
  /** Whether a Chromium process runs now (started by a render, closed when idle). */
  readonly running: boolean;
  /** Closes the browser and the proxy. Renders still running fail. */
  close(): Promise<void>;
}

/**
 * Playwright is imported with the first render, not with the server: about 90 MB and a second of
 * start-up that a server whose pages never need JavaScript does not pay.
 */
let playwrightModule: Promise<typeof import('playwright-core')> | undefined;
const playwright = () => (playwrightModule ??= import('playwright-core'));

const CONTEXT_SLOTS = 'contexts';

export function createBrowserEngine(options: BrowserEngineOptions = {}): BrowserEngine {
  const executablePath = findChromium(options.executablePath);
  const navigationTimeoutMs = options.navigationTimeoutMs ?? 30_000;
  const networkIdleCapMs = options.networkIdleCapMs ?? 5_000;
  const blockedResourceTypes = new Set(options.blockedResourceTypes ?? ['image', 'media', 'font']);
  const guard = createTargetGuard({ resolver: options.resolver, allowedHosts: options.allowedHosts ?? [] });
  // A limiter with a single key is a plain semaphore over browser contexts.
  const contextSlots = createHostLimiter(options.maxContexts ?? 2);

  let proxy: Promise<GuardedProxy> | undefined;
  let browser: Promise<Browser> | undefined;
  let closed = false;
  // Chromium holds a few hundred MB; once renders stop it is closed until the next one.
  const idleCloseMs = options.idleCloseMs ?? 60_000;
  let rendering = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function closeBrowser(): Promise<void> {
    const running = browser;
    browser = undefined;
    return running ? running.then((b) => b.close()).catch(() => undefined) : Promise.resolve();
  }

  function renderStarted(): void {
    rendering += 1;
    clearTimeout(idleTimer);
  }

  function renderEnded(): void {
    rendering -= 1;
    if (rendering > 0 || !browser) return;
    idleTimer = setTimeout(() => void closeBrowser(), idleCloseMs);
    idleTimer.unref();
  }

  function startProxy(): Promise<GuardedProxy> {
    proxy ??= startGuardedProxy({ guard });
    return proxy;
  }

  async function launch(path: string): Promise<Browser> {
    const { url: proxyUrl } = await startProxy();
    try {
      const { chromium } = await playwright();
      const launched = await chromium.launch({
        executablePath: path,
        args: chromiumArgs(proxyUrl),
        headless: true,
        chromiumSandbox: false,
        timeout: options.launchTimeoutMs ?? 30_000,
      });
      return launched;
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new ScrapeNetworkError('browser_unavailable', `Chromium could not start: ${reason}`);
    }
  }

  function currentBrowser(path: string): Promise<Browser> {
    if (!browser) {
      const launching = launch(path);
      browser = launching;
      // A crash, or a late 'disconnected' of a browser closed when idle, forgets only that browser, never a newer one.
      const forget = () => {
        if (browser === launching) browser = undefined;
      };
      launching.then((launched) => launched.on('disconnected', forget), forget);
    }
    return browser;
  }

  async function renderInContext(url: URL, started: number, renderOptions: RenderOptions, path: string): Promise<RenderedPage> {
    const { signal, screenshot } = renderOptions;
    // Closing a context while Playwright is still creating a page in it can leave that call
    // pending forever, so a cancelled render stops waiting at once and closes the context after.
    const step = <T>(work: Promise<T>): Promise<T> => untilAborted(work, signal);
    const running = await step(currentBrowser(path));
    const major = running.version().split('.')[0] ?? '';
    const creating = running.newContext({
      // Headless Chromium announces itself as "HeadlessChrome"; present as the desktop browser it is.
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
      locale: 'en-US',
      serviceWorkers: 'block',
      acceptDownloads: false,
      viewport: screenshot?.viewport ?? DEFAULT_VIEWPORT,
      deviceScaleFactor: 1,
    });
    const context = await step(creating).catch((error: unknown) => {
      // Cancelled while the context was being made: close it once it exists.
      void creating.then((late) => late.close()).catch(() => undefined);
      throw error;
    });
    const proxyFailures = new Map<string, ScrapeNetworkError>();
    const unsubscribe = (await startProxy()).onFailure(({ target, error }) => proxyFailures.set(target, error));

    const failureFor = (pageUrl: string): ScrapeNetworkError | undefined => {
      try {
        return proxyFailures.get(hostKeyOfUrl(new URL(pageUrl)));
      } catch {
        return undefined;
      }
    };

    try {
      // A picture without its images and fonts is not the page; they still go through the guarded proxy.
      await step(prepareContext(context, screenshot ? withoutPictureResources(blockedResourceTypes) : blockedResourceTypes));
      const page = await step(context.newPage());
      let lastDocumentUrl = url.href;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) lastDocumentUrl = request.url();
      });

      let response;
      try {
        response = await step(page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: navigationTimeoutMs }));
      } catch (error) {
        if (signal?.aborted) throw error;
        throw failureFor(lastDocumentUrl) ?? navigationError(error, new URL(lastDocumentUrl).host);
      }
      if (!response) throw new ScrapeNetworkError('browser_failed', `The browser could not load the page (${url.host}).`);
      if (response.headers()[PROXY_ERROR_HEADER] !== undefined) {
        throw failureFor(response.url()) ?? navigationError(new Error(response.headers()[PROXY_ERROR_HEADER]), url.host);
      }

      try {
        await step(page.waitForLoadState('networkidle', { timeout: networkIdleCapMs }));
      } catch (error) {
        // Pages that poll or stream never go idle; the cap is where we take them as they are.
        if (!(error instanceof (await playwright()).errors.TimeoutError)) throw error;
      }
      const captured = screenshot === undefined ? undefined : await step(takeScreenshot(page, screenshot, navigationTimeoutMs));
      const html = await step(page.content());
      return {
        finalUrl: page.url(),
        status: response.status(),
        html,
        timingMs: Math.round(performance.now() - started),
        ...(captured === undefined ? {} : { screenshot: captured }),
      };
    } catch (error) {
      if (signal?.aborted) throw new ScrapeNetworkError('aborted', `The render was cancelled (${url.host}).`);
      throw navigationError(error, url.host);
    } finally {
      unsubscribe();
      // Not awaited: the caller has its answer; closing may take a moment (or, after an abort, settle late).
      context.close().catch(() => undefined);
    }
  }

  return {
    available: executablePath !== undefined,

    get running() {
      return browser !== undefined;
    },

    async render(input, renderOptions = {}) {
      const started = performance.now();
      if (executablePath === undefined) {
        throw new ScrapeNetworkError('browser_unavailable', 'No Chromium executable is installed for rendering pages.');
      }
      if (closed) throw new ScrapeNetworkError('browser_unavailable', 'The browser engine has been closed.');
      const url = parseTargetUrl(input);
      // Refuse a blocked page before spending a browser context on it; the proxy re-checks every request anyway.
      await guard.resolve(url.hostname, effectivePort(url));
      const { signal } = renderOptions;
      renderStarted();
      try {
        return await contextSlots.run(CONTEXT_SLOTS, () => renderInContext(url, started, renderOptions, executablePath), signal);
      } catch (error) {
        if (signal?.aborted && !(error instanceof ScrapeNetworkError)) {
          throw new ScrapeNetworkError('aborted', `The render was cancelled (${url.host}).`);
        }
        throw error;
      } finally {
        renderEnded();
      }
    },

    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await closeBrowser();
      if (proxy) await (await proxy).close();
    },
  };
}

/** Blocks heavy or non-web resources and removes APIs that could go around the proxy. */
async function prepareContext(context: BrowserContext, blockedResourceTypes: ReadonlySet<string>): Promise<void> {
  await context.addInitScript(DISABLE_PROXY_BYPASSING_APIS);
  await context.route('**/*', (route: Route) => {
    const request = route.request();
    const scheme = request.url().slice(0, request.url().indexOf(':') + 1);
    const refuse = blockedResourceTypes.has(request.resourceType()) || (scheme !== 'http:' && scheme !== 'https:');
    // A route can outlive its context when a render is cancelled; nothing is left to answer then.
    return (refuse ? route.abort('blockedbyclient') : route.continue()).catch(() => undefined);
  });
}

/** The blocked resource types less those a picture of the page shows. */
function withoutPictureResources(blocked: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...blocked].filter((type) => type !== 'image' && type !== 'font'));
}

/** The page as an image: the viewport, or the page at the viewport's width cut at the full-page cap; refused past the byte cap. */
async function takeScreenshot(page: Page, spec: ScreenshotSpec, timeoutMs: number): Promise<CapturedScreenshot> {
  const bytes = await page.screenshot({
    type: spec.type,
    ...(spec.type === 'jpeg' && spec.quality !== undefined ? { quality: spec.quality } : {}),
    ...(spec.fullPage ? { fullPage: true, clip: fullPageClip(spec.viewport) } : {}),
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    timeout: timeoutMs,
  });
  if (bytes.length > SCREENSHOT_LIMITS.maxBytes) {
    const megabytes = SCREENSHOT_LIMITS.maxBytes / (1024 * 1024);
    throw new ScrapeNetworkError('too_large', `The screenshot was larger than ${megabytes} MB; ask for JPEG, a smaller viewport or no full page.`);
  }
  return { type: spec.type, bytes };
}

/** Settles like `work`, or rejects as soon as `signal` aborts (leaving `work` to settle unobserved). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

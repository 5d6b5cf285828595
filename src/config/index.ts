import { longestChatChain, readChatModelsFile, type ChatModelsSpec } from './chat-models.js';
import { holdTtlProblems } from './hold-ttl.js';
import { bool, ConfigError, int, list, oneOf, optionalStr, origins, rate, str, url, type ConfigProblem, type Setting } from './settings.js';

export { ConfigError, type ConfigProblem } from './settings.js';
export { answerModelName, chainOf, DEFAULT_ANSWER_MODEL, DEFAULT_MAX_COMPLETION_TOKENS, type ChatModelSpec, type ChatModelsSpec } from './chat-models.js';
export type { Rate } from './settings.js';

/**
 * The environment variables Quarry reads, in the order the README lists them.
 * Secrets marked "generated in development" are created once and kept in
 * `DATA_DIR/secrets.json` unless `NODE_ENV=production`, where they are required.
 */
export const SETTINGS = {
  nodeEnv: oneOf(
    'NODE_ENV',
    'Run mode; `production` requires the secrets and sets Secure cookies',
    ['development', 'production', 'test'] as const,
    'development',
  ),
  host: str('HOST', 'Address the HTTP server listens on', '127.0.0.1'),
  port: int('PORT', 'Port the HTTP server listens on', 8000, 0, 65535),
  dataDir: str('DATA_DIR', 'Folder for the embedded SQLite database and generated secrets', './data'),
  databaseUrl: url('DATABASE_URL', 'PostgreSQL URL (`postgres://…`); unset → SQLite in `DATA_DIR/quarry.db`', ['postgres:', 'postgresql:']),
  databasePoolSize: int('DATABASE_POOL_SIZE', 'PostgreSQL connections per process', 10, 1, 1000),
  redisUrl: url('REDIS_URL', 'Redis URL (`redis://…`) for shared cache and throttles; unset → in-process', ['redis:', 'rediss:']),
  redisKeyPrefix: str('REDIS_KEY_PREFIX', 'Prefix of every Redis key, so several deployments can share one Redis', 'quarry:'),
  logLevel: oneOf('LOG_LEVEL', 'pino log level', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  logFormat: oneOf(
    'LOG_FORMAT',
    'How log lines are written: `pretty` (one readable line each, for a person), `json` (one JSON object a line, for a log collector), `auto` (pretty when standard output is a terminal, JSON otherwise)',
    ['auto', 'pretty', 'json'] as const,
    'auto',
  ),
  trustProxy: bool('TRUST_PROXY', 'Take the client address from `X-Forwarded-For` (behind a reverse proxy)', false),
  bodyLimit: int('BODY_LIMIT', 'Largest request body in bytes (larger → 413)', 1_048_576, 1024),
  publicUrl: url(
    'PUBLIC_URL',
    'Public origin of the service (e.g. `https://quarry.example.com`): every link in mails and `next`/`previous` pages is built from it, never from the `Host` header; also a trusted CSRF origin. Required in production; in development it defaults to `http://HOST:PORT`',
    ['http:', 'https:'],
  ),
  metricsToken: optionalStr(
    'METRICS_TOKEN',
    'Bearer token that `GET /metrics` requires (compared in constant time); unset → `/metrics` is not served on the public port',
  ),
  metricsPort: int(
    'METRICS_PORT',
    'Port of a separate metrics listener bound to 127.0.0.1 (serves only `/metrics`; also asks for `METRICS_TOKEN` when set); 0 → none',
    0,
    0,
    65535,
  ),

  jwtSigningKey: optionalStr('JWT_SIGNING_KEY', 'HS256 key for access and refresh tokens (generated in development)'),
  jwtAccessLifetime: int('JWT_ACCESS_LIFETIME', 'Access-token lifetime in seconds', 300, 1),
  jwtRefreshLifetime: int('JWT_REFRESH_LIFETIME', 'Refresh-token lifetime in seconds', 86_400, 1),
  jwtSessionMaxLifetime: int(
    'JWT_SESSION_MAX_LIFETIME',
    'Seconds a login session lasts at most, however often its tokens are refreshed (then the user logs in again with the password)',
    30 * 86_400,
    60,
  ),
  cookieSecure: optionalStr('COOKIE_SECURE', 'Mark auth cookies `Secure` (default: true in production, false otherwise)'),
  csrfTrustedOrigins: list('CSRF_TRUSTED_ORIGINS', 'Extra origins allowed to make cookie-authenticated unsafe requests (comma-separated)'),
  keyEncryptionSecret: optionalStr(
    'KEY_ENCRYPTION_SECRET',
    'Secret for AES-256-GCM storage of API keys, which makes them revealable (generated in development)',
  ),

  smtpUrl: url('SMTP_URL', 'SMTP server for mail (`smtp://user:pass@host:587`, `smtps://…`); unset → mail goes to the log and the outbox table', [
    'smtp:',
    'smtps:',
  ]),
  mailFrom: str('MAIL_FROM', 'Sender address of outgoing mail', 'Quarry <no-reply@quarry.local>'),
  activationUrl: str('ACTIVATION_URL', 'Activation link sent by mail; `{uid}` and `{token}` are replaced', '{origin}/activate/{uid}/{token}'),
  activationTokenLifetime: int('ACTIVATION_TOKEN_LIFETIME', 'Seconds an activation link stays valid', 3 * 86_400, 60),
  signupCredits: int('SIGNUP_CREDITS', 'Credits granted once when an account is activated', 100, 0),

  loginLockoutAttempts: int('LOGIN_LOCKOUT_ATTEMPTS', 'Failed logins in a row that lock an account', 5, 1),
  loginLockoutSeconds: int('LOGIN_LOCKOUT_SECONDS', 'How long a lockout lasts, in seconds', 900, 1),
  loginIpRate: rate('LOGIN_IP_RATE', 'Login attempts per client address, whatever the account (beside the per-account lockout)', '30/min'),
  registrationIpRate: rate('REGISTRATION_IP_RATE', 'Registrations per client address', '10/hour'),
  resendActivationEmailRate: rate('RESEND_ACTIVATION_EMAIL_RATE', 'Resend-activation limit per email address', '3/hour'),
  resendActivationIpRate: rate('RESEND_ACTIVATION_IP_RATE', 'Resend-activation limit per client address', '20/hour'),
  passwordResetUrl: str(
    'PASSWORD_RESET_URL',
    'Password-reset link sent by mail; `{origin}`, `{uid}` and `{token}` are replaced',
    '{origin}/password-reset/{uid}/{token}',
  ),
  passwordResetTokenLifetime: int('PASSWORD_RESET_TOKEN_LIFETIME', 'Seconds a password-reset link stays valid (it also stops working once used)', 3600, 60),
  passwordResetEmailRate: rate('PASSWORD_RESET_EMAIL_RATE', 'Password-reset requests allowed per email address', '3/hour'),
  passwordResetIpRate: rate('PASSWORD_RESET_IP_RATE', 'Password-reset requests allowed per client address', '20/hour'),
  pageSize: int('PAGE_SIZE', 'Items per page of paginated lists', 20, 1, 1000),
  maxKeysPerAccount: int('MAX_KEYS_PER_ACCOUNT', 'Active API keys an account may hold', 100, 1),
  lastUsedFlushSeconds: int('KEY_LAST_USED_FLUSH_SECONDS', 'How often API-key `last_used` times are written (batched)', 30, 1),
  keyCacheSeconds: int(
    'KEY_CACHE_SECONDS',
    'How long a verified API key is trusted without reading the database; a revoke, reset or lock through Quarry forgets it at once (on every instance through Redis). Bounds how long a change made behind Quarry’s back (the CLI without Redis, SQL) takes. 0 → read on every call',
    1,
    0,
    3600,
  ),

  // Credits, metering, throttling and the result cache
  upgradeUrl: str('UPGRADE_URL', 'Relative path of the plans page, shown as `upgrade_url` in 402 answers', '/plans'),
  holdTtlSeconds: int(
    'HOLD_TTL_SECONDS',
    'A credit hold not settled within this time (its process died) is released; must outlive the work timeouts (chat, scrape + browser, search engine)',
    600,
    5,
  ),
  holdSweepSeconds: int('HOLD_SWEEP_SECONDS', 'How often expired holds are looked for', 30, 1),
  throttleKeyRate: rate('THROTTLE_KEY_RATE', 'Metered requests allowed per API key (token bucket; `N/s|min|hour|day`)', '600/min'),
  throttleAccountRate: rate('THROTTLE_ACCOUNT_RATE', 'Metered requests allowed per account, across its keys', '1200/min'),
  priceSearchCall: int('PRICE_SEARCH_CALL', 'Credits per vertical search call', 1, 0),
  priceSearchSource: int('PRICE_SEARCH_SOURCE', 'Credits per requested source of the combined search', 1, 0),
  priceScrape: int('PRICE_SCRAPE', 'Credits per successful scrape', 1, 0),
  priceScrapeBrowser: int('PRICE_SCRAPE_BROWSER', 'Extra credits when a scrape needed the headless browser', 1, 0),
  priceChatPromptPer1k: int('PRICE_CHAT_PROMPT_PER_1K', 'Credits per 1,000 chat prompt tokens (a chat costs at least 1, rounded up)', 1, 0),
  priceChatCompletionPer1k: int('PRICE_CHAT_COMPLETION_PER_1K', 'Credits per 1,000 chat completion tokens', 1, 0),
  cacheHitCharge: oneOf('CACHE_HIT_CHARGE', 'Whether a cached search or scrape result is charged: `full` or `free`', ['full', 'free'] as const, 'full'),
  cacheMaxBytes: int('CACHE_MAX_BYTES', 'Size of the in-process result cache (without Redis)', 64 * 1024 * 1024, 0),
  searchCacheTtl: int('SEARCH_CACHE_TTL', 'Seconds a search result is served from the cache (at most 3600)', 3600, 0, 3600),
  scrapeCacheTtl: int('SCRAPE_CACHE_TTL', 'Seconds a scrape result is served from the cache', 86_400, 0),
  screenshotTtl: int(
    'SCREENSHOT_TTL',
    "Seconds a scrape's screenshot stays at its URL (kept in the result cache: Redis with `REDIS_URL`, else memory within `CACHE_MAX_BYTES`)",
    86_400,
    1,
    604_800,
  ),

  // Billing: plans and the Paddle Billing provider
  plansFile: str('PLANS_FILE', 'JSON file of the credit packs on sale (see the Billing section)', '', 'config/plans.json'),
  paddleApiKey: optionalStr('PADDLE_API_KEY', 'Paddle Billing API key (`pdl_sdbx_apikey_…`/`pdl_live_apikey_…`); unset → checkout and confirm answer 503'),
  paddleEnvironment: oneOf(
    'PADDLE_ENVIRONMENT',
    'Paddle environment, also handed to Paddle.js: `sandbox` or `production`',
    ['sandbox', 'production'] as const,
    'sandbox',
  ),
  paddleApiUrl: url('PADDLE_API_URL', 'Paddle API base URL; unset → `https://sandbox-api.paddle.com` (`https://api.paddle.com` in production)', [
    'https:',
    'http:',
  ]),
  paddleWebhookSecret: list(
    'PADDLE_WEBHOOK_SECRET',
    'Endpoint secret of the Paddle notification destination (`pdl_ntfset_…`), comma-separated while rotating; unset → webhooks answer 503',
  ),
  paddleWebhookToleranceSeconds: int('PADDLE_WEBHOOK_TOLERANCE_SECONDS', 'Accepted age (either way) of a webhook signature timestamp, in seconds', 5, 1, 3600),
  paddleClientToken: optionalStr('PADDLE_CLIENT_TOKEN', 'Paddle.js client-side token (`test_…`/`live_…`) returned by checkout for `Paddle.Initialize`'),
  paddleCheckoutUrl: url(
    'PADDLE_CHECKOUT_URL',
    'Page on an approved domain that loads Paddle.js (Paddle appends `?_ptxn=`); unset → the default payment link',
    ['https:', 'http:'],
  ),
  paddleLinkCustomer: bool('PADDLE_LINK_CUSTOMER', "Attach each transaction to the Paddle customer with the account's email (found or created)", true),
  paddleTimeoutMs: int('PADDLE_TIMEOUT_MS', 'Deadline of one Paddle API call, in milliseconds', 10_000, 100, 120_000),

  // Chat: the upstream OpenAI-compatible LLM gateway (src/chat)
  chatModelsFile: optionalStr(
    'CHAT_MODELS_FILE',
    'JSON or YAML file of the chat models clients may name, each with its upstream, key variable, prices, capabilities and fallbacks (docs/chat-models.md); unset → the one model of `CHAT_UPSTREAM_URL`',
  ),
  chatUpstreamUrl: url(
    'CHAT_UPSTREAM_URL',
    'Base URL of an OpenAI-compatible API with its version path (`https://openrouter.ai/api/v1`, `http://127.0.0.1:11434/v1`); unset → chat answers 503',
    ['https:', 'http:'],
  ),
  chatUpstreamApiKey: optionalStr('CHAT_UPSTREAM_API_KEY', 'Sent upstream as `Authorization: Bearer …`; unset → no Authorization header (Ollama, local vLLM)'),
  chatUpstreamModel: optionalStr('CHAT_UPSTREAM_MODEL', 'Model name sent upstream (required with `CHAT_UPSTREAM_URL`), e.g. `openai/gpt-4o-mini`'),
  chatModel: str('CHAT_MODEL', 'Model name clients see in chat answers and `GET /api/v1/models`', 'quarry-chat'),
  chatModelAcceptsImages: bool(
    'CHAT_MODEL_ACCEPTS_IMAGES',
    'Whether the chat model takes image parts (`image_url`); otherwise such requests get a 400 naming the model',
    false,
  ),
  chatTokenEncoding: oneOf(
    'CHAT_TOKEN_ENCODING',
    'Tokenizer of local counts (holds; charges when the upstream reports no usage)',
    ['o200k_base', 'cl100k_base'] as const,
    'o200k_base',
  ),
  chatTimeoutMs: int('CHAT_TIMEOUT_MS', 'Deadline of a whole chat call, retries and streaming included, in milliseconds', 120_000, 100),
  chatFirstByteTimeoutMs: int('CHAT_FIRST_BYTE_TIMEOUT_MS', "Streamed chats: deadline for the upstream's first event, in milliseconds", 30_000, 100),
  chatMaxRetries: int('CHAT_MAX_RETRIES', 'Retries of an upstream call that failed before any output (connection error, 429, 5xx)', 2, 0, 10),
  chatRetryBaseDelayMs: int('CHAT_RETRY_BASE_DELAY_MS', 'First backoff step between retries (doubles each time, with jitter), in milliseconds', 500, 0, 60_000),
  chatMaxRetryAfterMs: int('CHAT_MAX_RETRY_AFTER_MS', 'Longest upstream `Retry-After` honoured before answering 503, in milliseconds', 20_000, 0, 600_000),
  chatUpstreamConnections: int('CHAT_UPSTREAM_CONNECTIONS', 'Pooled keep-alive connections to the upstream', 64, 1, 10_000),

  // Search: engine chains per vertical and Quarry's own index (src/search/feature.ts, src/local-index)
  searchChainWeb: list(
    'SEARCH_CHAIN_WEB',
    'Engines answering web searches, in failover order (comma-separated names, e.g. `serper,local`); unset → the built-in chain',
  ),
  searchChainNews: list('SEARCH_CHAIN_NEWS', 'Engine chain of news searches; unset → the built-in chain'),
  searchChainImages: list('SEARCH_CHAIN_IMAGES', 'Engine chain of image searches; unset → the built-in chain'),
  searchChainVideos: list('SEARCH_CHAIN_VIDEOS', 'Engine chain of video searches; unset → the built-in chain'),
  searchChainPlaces: list('SEARCH_CHAIN_PLACES', 'Engine chain of place searches; unset → the built-in chain'),
  searchChainShopping: list('SEARCH_CHAIN_SHOPPING', 'Engine chain of shopping searches; unset → the built-in chain'),
  searchChainScholar: list('SEARCH_CHAIN_SCHOLAR', 'Engine chain of scholar searches; unset → the built-in chain'),
  searchChainPatents: list('SEARCH_CHAIN_PATENTS', 'Engine chain of patent searches; unset → the built-in chain'),
  searchChainAutocomplete: list('SEARCH_CHAIN_AUTOCOMPLETE', 'Engine chain of autocomplete; unset → the built-in chain'),
  searchBlend: list('SEARCH_BLEND', 'Verticals answered by every engine of their chain at once, results fused by rank (comma-separated, e.g. `web,news`)'),
  searchEngineTimeoutMs: int(
    'SEARCH_ENGINE_TIMEOUT_MS',
    'Deadline of one search-engine call before the next engine of the chain is tried, in milliseconds',
    10_000,
    100,
    120_000,
  ),
  indexScrapes: oneOf(
    'INDEX_SCRAPES',
    'Scraped HTML pages in the local index: `private` = found only by the account that scraped them; `shared` = also in the shared index when the URL has no query, credentials or fragment and neither robots.txt nor `noindex` forbids it; `off` = not indexed',
    ['private', 'shared', 'off'] as const,
    'private',
  ),
  autocompleteMinAccounts: int(
    'AUTOCOMPLETE_MIN_ACCOUNTS',
    'Distinct accounts that must have searched a query before autocomplete suggests it to others (queries with operators, emails, URLs, long numbers or tokens never are)',
    5,
    1,
    1_000_000,
  ),
  crawlDelayMs: int(
    'CRAWL_DELAY_MS',
    'Crawler: pause between two requests to the same host, in milliseconds (a longer robots.txt `Crawl-delay` wins)',
    1000,
    0,
    600_000,
  ),
  crawlUserAgent: str('CRAWL_USER_AGENT', 'Crawler: User-Agent sent, and whose first word robots.txt groups are matched against', 'QuarryBot/1.0'),

  // Search engines: the upstream search APIs, their keys and rate limits (src/search/engines)
  searchContactEmail: optionalStr(
    'SEARCH_CONTACT_EMAIL',
    'Operator contact address sent in the User-Agent of upstream search requests and as Crossref/OpenAlex `mailto` (their polite pools)',
  ),
  searchUpstreamTimeoutMs: int(
    'SEARCH_UPSTREAM_TIMEOUT_MS',
    'Deadline of one HTTP request to an upstream search API, in milliseconds (a paged search makes several; `SEARCH_ENGINE_TIMEOUT_MS` bounds the whole call)',
    8_000,
    100,
    120_000,
  ),
  searchKeylessEngines: oneOf(
    'SEARCH_KEYLESS_ENGINES',
    'Use the public keyless search services (DuckDuckGo, GDELT, Openverse, Wikimedia Commons, Photon, Nominatim, OpenAlex, Crossref, arXiv, Wikipedia): `true`, `false`, or `auto` = true unless `NODE_ENV=test`, so test runs never reach the internet',
    ['auto', 'true', 'false'] as const,
    'auto',
  ),
  searchUpstreamQueueMs: int(
    'SEARCH_UPSTREAM_QUEUE_MS',
    "Longest a request waits for its turn under an upstream's rate limit before that engine reports `rate_limited`, in milliseconds",
    5_000,
    0,
    60_000,
  ),
  searxngUrl: url(
    'SEARXNG_URL',
    'Base URL of a SearXNG instance with JSON output on (web, news, images, videos, scholar, places, autocomplete); unset → not used',
    ['https:', 'http:'],
  ),
  searxngRate: rate('SEARXNG_RATE', 'Requests sent to SearXNG per period (`N/s|min|hour|day`, e.g. `1/3s`)', '5/s'),
  serperUrl: url('SERPER_URL', 'Serper.dev API base URL', ['https:', 'http:'], 'https://google.serper.dev'),
  serperApiKey: optionalStr('SERPER_API_KEY', 'Serper.dev key (Google results, all nine verticals); unset → not used'),
  serperRate: rate('SERPER_RATE', 'Requests sent to Serper per period (plans allow 5–300/s)', '5/s'),
  braveUrl: url('BRAVE_URL', 'Brave Search API base URL', ['https:', 'http:'], 'https://api.search.brave.com'),
  braveApiKey: optionalStr('BRAVE_API_KEY', 'Brave Search API subscription token (web, news, images, videos); unset → not used'),
  braveRate: rate('BRAVE_RATE', 'Requests sent to Brave per period (the free plan allows 1/s)', '1/s'),
  crossrefUrl: url('CROSSREF_URL', 'Crossref REST API base URL (scholar, keyless)', ['https:', 'http:'], 'https://api.crossref.org'),
  crossrefRate: rate('CROSSREF_RATE', 'Requests sent to Crossref per period (polite pool: 10/s)', '10/s'),
  arxivUrl: url('ARXIV_URL', 'arXiv API base URL (scholar, keyless)', ['https:', 'http:'], 'https://export.arxiv.org'),
  arxivRate: rate('ARXIV_RATE', 'Requests sent to arXiv per period (its terms: one every 3 seconds)', '1/3s'),
  openalexUrl: url('OPENALEX_URL', 'OpenAlex API base URL (scholar)', ['https:', 'http:'], 'https://api.openalex.org'),
  openalexApiKey: optionalStr('OPENALEX_API_KEY', 'OpenAlex API key (optional: raises the daily allowance)'),
  openalexRate: rate('OPENALEX_RATE', 'Requests sent to OpenAlex per period (its limit: 10/s)', '10/s'),
  photonUrl: url('PHOTON_URL', 'Photon geocoder base URL (places and place autocomplete, keyless)', ['https:', 'http:'], 'https://photon.komoot.io'),
  photonRate: rate('PHOTON_RATE', 'Requests sent to Photon per period (fair use of the public instance)', '1/s'),
  nominatimUrl: url('NOMINATIM_URL', 'Nominatim geocoder base URL (places, keyless)', ['https:', 'http:'], 'https://nominatim.openstreetmap.org'),
  nominatimRate: rate('NOMINATIM_RATE', 'Requests sent to Nominatim per period (its usage policy: at most 1/s)', '1/s'),
  nominatimCacheTtl: int('NOMINATIM_CACHE_TTL', 'Seconds a Nominatim answer is reused (its usage policy asks for caching)', 86_400, 0),
  wikimediaUrl: url('WIKIMEDIA_URL', 'Wikimedia Commons base URL (images with licences, keyless)', ['https:', 'http:'], 'https://commons.wikimedia.org'),
  wikimediaRate: rate('WIKIMEDIA_RATE', 'Requests sent to Wikimedia Commons per period', '5/s'),
  openverseUrl: url('OPENVERSE_URL', 'Openverse API base URL (openly licensed images, keyless)', ['https:', 'http:'], 'https://api.openverse.org'),
  openverseRate: rate('OPENVERSE_RATE', 'Requests sent to Openverse per period (anonymous limit)', '20/min'),
  gdeltUrl: url('GDELT_URL', 'GDELT DOC 2.0 API base URL (news of the last 3 months, keyless)', ['https:', 'http:'], 'https://api.gdeltproject.org'),
  gdeltRate: rate('GDELT_RATE', 'Requests sent to GDELT per period (it asks for one every 5 seconds)', '1/5s'),
  patentsviewUrl: url('PATENTSVIEW_URL', 'PatentsView PatentSearch API base URL (US patents)', ['https:', 'http:'], 'https://search.patentsview.org'),
  patentsviewApiKey: optionalStr('PATENTSVIEW_API_KEY', 'PatentsView PatentSearch API key (free); unset → not used'),
  patentsviewRate: rate('PATENTSVIEW_RATE', 'Requests sent to PatentsView per period (its limit: 45/min per key)', '45/min'),
  duckduckgoUrl: url('DUCKDUCKGO_URL', 'DuckDuckGo HTML search base URL (web, keyless, best effort)', ['https:', 'http:'], 'https://html.duckduckgo.com'),
  duckduckgoAutocompleteUrl: url(
    'DUCKDUCKGO_AUTOCOMPLETE_URL',
    'DuckDuckGo suggestions base URL (its `/ac/` endpoint)',
    ['https:', 'http:'],
    'https://duckduckgo.com',
  ),
  duckduckgoRate: rate('DUCKDUCKGO_RATE', 'Requests sent to DuckDuckGo per period (no published policy; kept low)', '1/s'),
  wikipediaUrl: str(
    'WIKIPEDIA_URL',
    'Wikipedia base URL for autocomplete (OpenSearch); `{lang}` becomes the request language, default `en`',
    'https://{lang}.wikipedia.org',
  ),
  wikipediaRate: rate('WIKIPEDIA_RATE', 'Requests sent to Wikipedia per period', '10/s'),

  // Scrape: the fetch engine, the headless browser and POST /api/v1/scrape/ (src/scrape)
  scrapeAllowedHosts: list(
    'SCRAPE_ALLOWED_HOSTS',
    '`host:port` pairs the scraper may reach although their address is private or loopback (comma-separated); an address entry also admits any name resolving to exactly that address, on that port (`127.0.0.1:8732` admits `localhost:8732`); empty → public addresses only',
  ),
  scrapeProxyUrl: url(
    'SCRAPE_PROXY_URL',
    'Outbound HTTP(S) proxy for page fetches (`http://user:pass@proxy:3128`; the headless browser does not use it); the proxy must be egress-filtered itself',
    ['http:', 'https:'],
  ),
  scrapeTimeoutMs: int(
    'SCRAPE_TIMEOUT_MS',
    'Deadline of one page fetch (redirects, retries, body) and of one browser navigation, in milliseconds (passed → 504)',
    30_000,
    100,
    600_000,
  ),
  scrapeMaxBytes: int('SCRAPE_MAX_BYTES', 'Largest page body accepted, after decompression, in bytes (larger → 502)', 10 * 1024 * 1024, 1024),
  scrapeMaxRedirects: int('SCRAPE_MAX_REDIRECTS', 'Redirect hops followed before a scrape fails', 10, 0, 100),
  scrapeHostConcurrency: int('SCRAPE_HOST_CONCURRENCY', 'Page fetches in flight per target `host:port`; more wait in a queue', 4, 1, 10_000),
  chromiumPath: optionalStr(
    'CHROMIUM_PATH',
    'Chromium executable for pages that need JavaScript; unset → `/usr/bin/chromium` (or `chromium-browser`) when installed, else no browser',
  ),
  browserContexts: int('BROWSER_CONTEXTS', 'Pages the headless browser renders at once; more wait in a queue', 2, 1, 256),
  browserIdleCapMs: int(
    'BROWSER_IDLE_CAP_MS',
    "Longest wait for a rendered page's network to go idle before it is taken as it is, in milliseconds",
    5_000,
    0,
    120_000,
  ),

  // Drop-in wire formats of other APIs and the MCP server (src/compat, src/mcp)
  compatTavily: bool('COMPAT_TAVILY', 'Serve the Tavily API (`/tavily/search`, `/tavily/extract`) for `@tavily/core` and other Tavily clients', true),
  compatExa: bool('COMPAT_EXA', 'Serve the Exa API (`/exa/search`, `/exa/contents`, `/exa/answer`) for `exa-js` and other Exa clients', true),
  compatJina: bool('COMPAT_JINA', 'Serve Jina Reader (`/r/<url>`) and Jina search (`/s/<query>`)', true),
  mcpEnabled: bool('MCP_ENABLED', 'Serve the MCP server (Streamable HTTP, stateless) at `/mcp`', true),
  mcpAllowedHosts: list(
    'MCP_ALLOWED_HOSTS',
    'Host names `/mcp` answers (DNS-rebinding protection, comma-separated); empty → the host of `PUBLIC_URL`, `HOST` unless it is a wildcard, `localhost`, `127.0.0.1` and `[::1]`',
  ),
  mcpAllowedOrigins: origins(
    'MCP_ALLOWED_ORIGINS',
    "Browser origins allowed to call `/mcp`, each whole (`scheme://host[:port]`, comma-separated, e.g. `http://localhost:6274`); a request without `Origin` or from the server's own origin always passes; empty → the origin of `PUBLIC_URL` only",
  ),

  // Firecrawl-compatible API (src/compat/firecrawl) and the background jobs behind its crawls (src/jobs)
  compatFirecrawl: bool(
    'COMPAT_FIRECRAWL',
    'Serve the Firecrawl-compatible API at `/v1/…` and `/v2/…` (scrape, search, map, crawl) with `Authorization: Bearer <Quarry API key>` (`on`/`off`)',
    true,
  ),
  firecrawlCrawlMaxPages: int('FIRECRAWL_CRAWL_MAX_PAGES', 'Largest `limit` of one Firecrawl-compatible crawl (its default too)', 1000, 1, 100_000),
  crawlJobConcurrency: int(
    'CRAWL_JOB_CONCURRENCY',
    'Crawl jobs one instance runs at once (pg-boss on PostgreSQL, in process on SQLite); one account runs at most half of them, rounded up, across all instances, and its further crawls wait',
    2,
    1,
    64,
  ),
  firecrawlCrawlPageBytes: int(
    'FIRECRAWL_CRAWL_PAGE_BYTES',
    'Most bytes of documents in one crawl status page (at least one document per page); `next` links to the rest',
    10_000_000,
    1_000,
    100_000_000,
  ),
  webhookRetrySeconds: int(
    'WEBHOOK_RETRY_SECONDS',
    'How long a webhook delivery is retried after its event (exponential backoff); then it has failed for good',
    86_400,
    0,
    7 * 86_400,
  ),
  webhookRetryBaseMs: int(
    'WEBHOOK_RETRY_BASE_MS',
    'Wait before the first retry of a webhook delivery; each later wait is three times longer, at most an hour',
    10_000,
    0,
    3_600_000,
  ),
  webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 'Time a webhook receiver has to answer a delivery', 10_000, 100, 60_000),
  webhookAccountConcurrency: int(
    'WEBHOOK_ACCOUNT_CONCURRENCY',
    "Webhook deliveries of one account an instance sends at once; the account's others wait their turn",
    4,
    1,
    100,
  ),
  webhookSweepMs: int('WEBHOOK_SWEEP_MS', 'How often each instance looks for webhook deliveries that are due', 1_000, 10, 60_000),
  webhookKeepDays: int('WEBHOOK_KEEP_DAYS', 'Days delivered and failed webhook deliveries stay listed before they are forgotten', 7, 1, 365),
  batchMaxUrls: int(
    'BATCH_MAX_URLS',
    'Most URLs in one batch scrape (`POST /api/v1/scrape/batch`, Firecrawl `/v1|v2/batch/scrape`); more answer 400',
    1000,
    1,
    1000,
  ),
  batchMaxActivePerAccount: int(
    'BATCH_MAX_ACTIVE_PER_ACCOUNT',
    'Batch scrapes one account may have running at once, across all instances; one more answers 429. Kept below `BATCH_JOB_CONCURRENCY` so one account cannot take every batch worker',
    2,
    1,
    100,
  ),
  batchJobConcurrency: int('BATCH_JOB_CONCURRENCY', 'Batch scrape jobs one instance runs at once (pg-boss on PostgreSQL, in process on SQLite)', 4, 1, 64),
  batchPageConcurrency: int('BATCH_PAGE_CONCURRENCY', 'Pages of one batch scrape scraped at once', 4, 1, 32),
  batchStatusPageBytes: int(
    'BATCH_STATUS_PAGE_BYTES',
    'Most bytes of results in one batch status page (at least one result per page); `next` links to the rest',
    10_000_000,
    1_000,
    100_000_000,
  ),
} satisfies Record<string, Setting<unknown>>;

type Settings = typeof SETTINGS;
export type RawConfig = { [K in keyof Settings]: ReturnType<Settings[K]['parse']> } & {
  /** The models of `CHAT_MODELS_FILE`, read and checked with the rest of the configuration; undefined without the file. */
  readonly chatModels: ChatModelsSpec | undefined;
};

/** Configuration after secrets are resolved; this is what the composition root hands around. */
export interface Config extends Omit<RawConfig, 'jwtSigningKey' | 'cookieSecure' | 'keyEncryptionSecret' | 'publicUrl'> {
  readonly jwtSigningKey: string;
  /** The origin (and optional path prefix) links are built from, without a trailing slash. */
  readonly publicUrl: string;
  readonly keyEncryptionSecret: string | undefined;
  readonly cookieSecure: boolean;
}

/**
 * Parses the environment and collects every problem instead of stopping at the first. A setting
 * that failed keeps its default in `raw`, so later checks can still run on the rest.
 */
export function parseRawConfig(env: NodeJS.ProcessEnv): { raw: RawConfig; problems: ConfigProblem[] } {
  const out: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [key, spec] of Object.entries(SETTINGS)) {
    const setting = spec as Setting<unknown>;
    try {
      out[key] = setting.parse(env[setting.env]);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      out[key] = setting.parse(undefined);
    }
  }
  out.chatModels = undefined;
  const modelsFile = out.chatModelsFile as string | undefined;
  if (modelsFile !== undefined) {
    const read = readChatModelsFile(modelsFile, env);
    problems.push(...read.problems);
    out.chatModels = read.spec;
    if (out.chatUpstreamUrl !== undefined) {
      problems.push({
        variable: 'CHAT_UPSTREAM_URL',
        reason: 'set either CHAT_MODELS_FILE or CHAT_UPSTREAM_URL, not both: with a models file, each model names its upstream',
      });
    }
  }
  const raw = out as RawConfig;
  if (raw.cookieSecure !== undefined && !/^(true|false|1|0|yes|no|on|off)$/i.test(raw.cookieSecure)) {
    problems.push({ variable: 'COOKIE_SECURE', reason: `expected true or false, got "${raw.cookieSecure}"` });
  }
  if (raw.metricsPort !== 0 && raw.metricsPort === raw.port) {
    problems.push({ variable: 'METRICS_PORT', reason: `must differ from PORT (${raw.port}): the metrics listener is a separate, loopback-only server` });
  }
  problems.push(...holdTtlProblems({ ...raw, chatChainLength: longestChatChain(raw.chatModels) }));
  return { raw, problems };
}

/** Parses the environment; throws one ConfigError listing every bad variable. */
export function readRawConfig(env: NodeJS.ProcessEnv): RawConfig {
  const { raw, problems } = parseRawConfig(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return raw;
}

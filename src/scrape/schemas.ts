import { Type, type Static } from '@sinclair/typebox';
import { CHANGE_MODES, MAX_TAG_LENGTH } from '../changes/index.js';
import { EXTRACTION_LIMITS } from '../extraction/index.js';
import { Nullable, StringEnum } from '../http/schema.js';
import { SCREENSHOT_LIMITS, SCREENSHOT_TYPES } from './screenshots/spec.js';

export const SCRAPE_FORMATS = ['markdown', 'text', 'json'] as const;
export type ScrapeFormat = (typeof SCRAPE_FORMATS)[number];
/**
 * What `POST /api/v1/scrape/` may ask for: the page's formats, `summary` (written by a chat model),
 * a `screenshot` of the rendered page and `changeTracking` (the page compared with the account's
 * last scrape of it).
 */
export const SCRAPE_REQUEST_FORMATS = [...SCRAPE_FORMATS, 'summary', 'screenshot', 'changeTracking'] as const;
export type ScrapeRequestFormat = (typeof SCRAPE_REQUEST_FORMATS)[number];
/** Items of `formats` at most. */
export const MAX_SCRAPE_FORMAT_ITEMS = 10;

export const RENDER_MODES = ['auto', 'always', 'never'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

/** Longest `url` accepted; far beyond what real pages use, short enough to keep keys and logs sane. */
export const MAX_URL_LENGTH = 8192;

/**
 * Body of `POST /api/v1/scrape/`. Unknown fields are ignored, as DRF does. `url` is checked
 * beyond the schema (fully qualified http/https) before any credit is held.
 */
export const ScrapeRequestBody = Type.Object(
  {
    url: Type.String({ maxLength: MAX_URL_LENGTH, description: 'Fully qualified `http://` or `https://` URL of the page.' }),
    formats: Type.Array(StringEnum(SCRAPE_REQUEST_FORMATS), {
      minItems: 1,
      // Repeats are allowed and read once; the bound only keeps the array from being a multiplier of parsing work.
      maxItems: MAX_SCRAPE_FORMAT_ITEMS,
      description:
        `One or several of \`markdown\`, \`text\`, \`json\`, \`summary\`, \`screenshot\`, \`changeTracking\` (at most ${MAX_SCRAPE_FORMAT_ITEMS} items; a repeat is ignored); only these keys appear in \`data\`. ` +
        '`summary` (and `json` with `json_options`) ask a chat model and add its tokens to the price. ' +
        '`screenshot` renders the page in the headless browser (priced as a rendered scrape) and answers the URL of the image. ' +
        "`changeTracking` compares the page's Markdown with this account's last scrape of it (see `change_tracking`).",
    }),
    json_options: Type.Optional(
      Type.Object(
        {
          schema: Type.Optional(
            Type.Unknown({
              description: `A JSON Schema object (at most ${EXTRACTION_LIMITS.maxSchemaBytes / 1024} KB as JSON) the extracted JSON must validate against.`,
            }),
          ),
          prompt: Type.Optional(Type.String({ maxLength: EXTRACTION_LIMITS.maxPromptChars, description: 'What to extract, in words.' })),
        },
        {
          description:
            "With the `json` format: a chat model extracts JSON from the page by this schema and/or prompt (one is required), instead of Quarry's structured JSON of the page. " +
            "A reply that does not validate is asked for once more with the errors named; one that still fails answers 422 and charges the model's tokens, not the page.",
        },
      ),
    ),
    screenshot_options: Type.Optional(
      Type.Object(
        {
          full_page: Type.Optional(
            Type.Boolean({
              default: false,
              description: `The whole scrollable page (at the viewport's width, cut at ${SCREENSHOT_LIMITS.fullPageMaxHeight} px) instead of the viewport.`,
            }),
          ),
          format: Type.Optional(StringEnum(SCREENSHOT_TYPES, { default: 'png', description: 'The image format.' })),
          quality: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'JPEG quality (only with `format: "jpeg"`; default 80).' })),
          viewport: Type.Optional(
            Type.Object(
              {
                width: Type.Integer({ minimum: SCREENSHOT_LIMITS.minWidth, maximum: SCREENSHOT_LIMITS.maxWidth }),
                height: Type.Integer({ minimum: SCREENSHOT_LIMITS.minHeight, maximum: SCREENSHOT_LIMITS.maxHeight }),
              },
              { description: 'The browser window in CSS pixels (default 1280×720); the image has this size unless `full_page`.' },
            ),
          ),
        },
        { description: 'With the `screenshot` format: how the picture is taken.' },
      ),
    ),
    change_tracking: Type.Optional(
      Type.Object(
        {
          modes: Type.Optional(
            Type.Array(StringEnum(CHANGE_MODES), {
              maxItems: CHANGE_MODES.length * 2,
              description: '`git-diff` (the default): `diff` holds a git-style diff of the Markdown when the page changed. `json` is not available yet (400).',
            }),
          ),
          tag: Type.Optional(
            Type.String({
              maxLength: MAX_TAG_LENGTH,
              description: 'Keeps a separate series of snapshots under this label (for example one per schedule); default: none.',
            }),
          ),
          schema: Type.Optional(Type.Unknown({ description: 'For the `json` mode (not available yet).' })),
          prompt: Type.Optional(Type.String({ maxLength: EXTRACTION_LIMITS.maxPromptChars, description: 'For the `json` mode (not available yet).' })),
        },
        {
          description:
            "With the `changeTracking` format: how the page is compared with this account's last scrape of the same URL (and tag). " +
            'A change-tracking scrape always fetches the page afresh; the snapshot is replaced by this scrape.',
        },
      ),
    ),
    model: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'The chat model for `summary` and `json_options` (default: the default model).' }),
    ),
    use_cache: Type.Optional(
      Type.Boolean({ default: true, description: 'false forces a fresh request to the target site (and refreshes the cached result).' }),
    ),
    render: Type.Optional(
      StringEnum(RENDER_MODES, {
        default: 'auto',
        description:
          '`auto`: fetch, and render in a headless browser only when the page is a script shell or an anti-bot challenge; `always`: render every HTML page; `never`: fetch only.',
      }),
    ),
  },
  { $id: 'ScrapeRequest', description: 'A page to scrape and the formats wanted.' },
);
export type ScrapeRequestBody = Static<typeof ScrapeRequestBody>;

export const ScrapeMetadata = Type.Object(
  {
    title: Nullable(Type.String()),
    description: Nullable(Type.String()),
    status_code: Type.Integer({ description: 'HTTP status the target host answered with.' }),
    url: Type.String({ description: 'Final URL after redirects.' }),
    source_url: Type.String({ description: 'The URL as requested.' }),
    content_type: Nullable(Type.String({ description: 'MIME type the target declared.' })),
    language: Nullable(Type.String()),
    canonical_url: Nullable(Type.String()),
    published: Nullable(Type.String({ description: 'ISO 8601 date or date-time, when the page states one.' })),
    author: Nullable(Type.String()),
    site_name: Nullable(Type.String()),
    engine: StringEnum(['fetch', 'browser'] as const, { description: 'Whether the content needed the headless browser.' }),
    cache: StringEnum(['hit', 'miss'] as const),
    warnings: Type.Array(Type.String(), {
      description:
        'What the scrape left out to stay within its limits, one sentence each (for example a JSON-LD block nested too deeply, ' +
        'or elements nested beyond the depth budget); empty when nothing was left out. The rest of the page is returned as usual.',
    }),
  },
  { $id: 'ScrapeMetadata' },
);
export type ScrapeMetadata = Static<typeof ScrapeMetadata>;

export const ScrapeJson = Type.Object(
  {
    title: Nullable(Type.String()),
    description: Nullable(Type.String()),
    url: Type.String(),
    language: Nullable(Type.String()),
    author: Nullable(Type.String()),
    published: Nullable(Type.String()),
    site_name: Nullable(Type.String()),
    headings: Type.Array(Type.String()),
    content: Type.String({ description: 'The main content as Markdown.' }),
    links: Type.Array(Type.Object({ text: Type.String(), url: Type.String() })),
    images: Type.Array(Type.Object({ url: Type.String(), alt: Type.String(), width: Nullable(Type.Integer()), height: Nullable(Type.Integer()) })),
    structured_data: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
      description: 'JSON-LD objects, microdata items in JSON-LD shape, then OpenGraph properties.',
    }),
  },
  { $id: 'ScrapeJson', description: 'The `json` format: metadata and content of the page.' },
);

/** The `changeTracking` format's answer, named and shaped as Firecrawl's (camelCase, as its clients read it). */
export const ChangeTrackingResult = Type.Object(
  {
    previousScrapeAt: Nullable(Type.String({ description: 'When the snapshot compared with was taken (ISO 8601); null for `new`.' })),
    changeStatus: StringEnum(['new', 'same', 'changed', 'removed'] as const, {
      description:
        '`new`: no earlier scrape of this URL (and tag) by this account; `same`/`changed`: its Markdown is equal to / differs from the last one; ' +
        '`removed`: the page now answers 404 or 410 (the earlier snapshot is kept).',
    }),
    visibility: StringEnum(['visible', 'hidden'] as const, { description: 'Always `visible`: the page was asked for by URL.' }),
    diff: Type.Optional(
      Type.Object(
        {
          text: Type.String({ description: 'A unified, git-style diff of the Markdown lines (`--- a/previous.md`, `+++ b/current.md`, `@@` hunks).' }),
          json: Type.Unknown({
            description: 'The same hunks as JSON: `{files: [{from, to, chunks: [{content, changes: [{type, ln?, ln1?, ln2?, content}]}]}]}`.',
          }),
        },
        { description: 'With the `git-diff` mode, when the page changed (and both versions were small enough to keep, 1 MB each).' },
      ),
    ),
  },
  { $id: 'ChangeTrackingResult' },
);

export const ScrapeResponse = Type.Object(
  {
    success: Type.Boolean(),
    data: Type.Object({
      markdown: Type.Optional(Type.String({ description: 'GitHub-flavoured Markdown of the main content.' })),
      text: Type.Optional(Type.String({ description: 'Plain text of the main content.' })),
      // The extracted value, when it does not match ScrapeJson, is written as it is.
      json: Type.Optional(
        Type.Union([Type.Ref(ScrapeJson), Type.Unknown()], {
          description: "Quarry's structured JSON of the page; with `json_options`, the JSON the model extracted (validated against the schema).",
        }),
      ),
      summary: Type.Optional(Type.String({ description: 'A few paragraphs by the chat model about the page.' })),
      screenshot: Type.Optional(
        Type.String({
          description:
            'URL of the picture of the rendered page (PNG or JPEG), served without authentication under an unguessable token until `SCREENSHOT_TTL` seconds have passed.',
        }),
      ),
      changeTracking: Type.Optional(Type.Ref(ChangeTrackingResult)),
      metadata: Type.Ref(ScrapeMetadata),
    }),
  },
  { $id: 'ScrapeResponse', description: 'Shape B: one key per requested format, and the metadata.' },
);

export const scrapeSchemas = [ScrapeRequestBody, ScrapeMetadata, ScrapeJson, ChangeTrackingResult, ScrapeResponse];

/**
 * Cheap, generic signals that a fetched page needs a browser: either its
 * content is built by JavaScript, or an anti-bot interstitial stands in front
 * of it. Bounded regular expressions and forward scans on purpose: they run on
 * every fetched page and must not cost a DOM parse, and stay linear on hostile
 * pages. No per-site lists.
 */
import { scanForShell } from './shell-scan.js';

const SHELL_MAX_TEXT_CHARS = 200;
/** A page this bare behind a consent overlay has not been rendered yet: no real page is a cookie notice and a line. */
const BEHIND_CONSENT_MAX_CHARS = 60;
/** What a mount point may say while the app loads ("Loading…", "Please wait"), in the common languages. */
const LOADING_WORDS =
  /^\W*(loading|please wait|one moment|just a (moment|second)|initiali[sz]ing|starting|chargement|cargando|carregando|caricamento|wird geladen|l(ä|ae)dt|laden|ładowanie|загрузка|読み込み中|加载中|載入中)/iu;
/** A mount point that says more than this holds the page, whatever it says. */
const PLACEHOLDER_MAX_CHARS = 80;

const NOSCRIPT_ASKS_FOR_JS = /<noscript\b[^>]{0,200}>[\s\S]{0,500}?(enable|turn on|requires?|need)\b[\s\S]{0,80}?javascript/i;

/** Strong markers: any one of them means a challenge page, whatever the status. */
const CHALLENGE_MARKERS: readonly RegExp[] = [
  /<title>\s*just a moment(\.\.\.|…)?\s*<\/title>/i,
  /enable javascript and cookies to continue/i,
  /checking (if the site connection is secure|your browser before accessing)/i,
  /\bcf[-_]chl[-_]/i,
  /\bcf-challenge\b|challenge-platform|_cf_chl_opt/i,
  /<title>\s*attention required!?\s*\|/i,
  /\bg-recaptcha\b|\bh-captcha\b|\bcf-turnstile\b|px-captcha|geo\.captcha-delivery\.com/i,
  /<title>\s*(ddos-guard|pardon our interruption|are you a robot\??|verify you are (a )?human)\s*<\/title>/i,
];

/** Weak markers: they count only on a block status (403/429/503) and a small page. */
const WEAK_CHALLENGE_MARKERS: readonly RegExp[] = [
  /checking your browser/i,
  /verify(ing)? (that )?you are (a )?human/i,
  /please (enable|turn on) (javascript|cookies)/i,
  /\bcaptcha\b/i,
  /access (denied|to this page has been denied)/i,
  /unusual traffic/i,
  /\bbot (detection|protection)\b/i,
];

const BLOCK_STATUSES = new Set([403, 429, 503]);

/**
 * True for a page whose visible content is produced by scripts, so the fetched text is far
 * shorter than the rendered text will be: some scripts, little text of its own (a consent
 * overlay's and a loading placeholder's words do not count), and a mount point that is empty
 * or only says it is loading, a `<noscript>` asking for JavaScript, a bundle of scripts, or a
 * consent overlay in front of next to nothing.
 */
export function looksLikeScriptShell(html: string): boolean {
  const scriptCount = (html.match(/<script\b/gi) ?? []).length;
  if (scriptCount === 0) return false;
  const scan = scanForShell(withoutComments(withoutRawText(html)));
  const mountIsPlaceholder =
    scan.hasMountPoint &&
    (scan.mountChars === 0 || (scan.mountChars <= PLACEHOLDER_MAX_CHARS && (scan.mountHasLoader || LOADING_WORDS.test(scan.mountSample))));
  const ownText = scan.pageChars + (mountIsPlaceholder ? 0 : scan.mountChars);
  if (ownText > SHELL_MAX_TEXT_CHARS) return false;
  const asksForJavaScript = NOSCRIPT_ASKS_FOR_JS.test(html);
  const bareBehindConsent = scan.hasConsentOverlay && ownText <= BEHIND_CONSENT_MAX_CHARS;
  return mountIsPlaceholder || asksForJavaScript || scriptCount >= 3 || bareBehindConsent;
}

/** True for an anti-bot interstitial ("Just a moment…", CAPTCHA walls) instead of the page. */
export function looksLikeChallenge(html: string, status: number): boolean {
  if (CHALLENGE_MARKERS.some((marker) => marker.test(html))) return true;
  if (!BLOCK_STATUSES.has(status)) return false;
  if (visibleText(html).length > 2000) return false;
  return WEAK_CHALLENGE_MARKERS.some((marker) => marker.test(html));
}

/**
 * Text a reader would see: scripts, styles and tags removed, whitespace collapsed. Written as
 * forward scans rather than lazy regular expressions: on a page of a hundred thousand unclosed
 * `<script>` or `<!--`, a regex retries from each one to the end of the page (quadratic).
 */
export function visibleText(html: string): string {
  return stripTags(withoutComments(withoutRawText(html)))
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const RAW_TEXT_OPEN = /<(script|style|noscript|template|svg)\b/gi;

/** Removes raw-text elements with their content; an unclosed one takes the rest of the page, as in browsers. */
function withoutRawText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let position = 0;
  for (;;) {
    RAW_TEXT_OPEN.lastIndex = position;
    const open = RAW_TEXT_OPEN.exec(lower);
    if (!open) return out + html.slice(position);
    out += `${html.slice(position, open.index)} `;
    const close = lower.indexOf(`</${open[1]}`, open.index + open[0].length);
    const end = close < 0 ? -1 : lower.indexOf('>', close);
    if (end < 0) return out;
    position = end + 1;
  }
}

function withoutComments(html: string): string {
  let out = '';
  let position = 0;
  for (;;) {
    const open = html.indexOf('<!--', position);
    if (open < 0) return out + html.slice(position);
    out += `${html.slice(position, open)} `;
    const close = html.indexOf('-->', open + 4);
    if (close < 0) return out;
    position = close + 3;
  }
}

/** Replaces each `<…>` by a space; a `<` with no `>` after it is text. */
function stripTags(html: string): string {
  let out = '';
  let position = 0;
  for (;;) {
    const open = html.indexOf('<', position);
    const close = open < 0 ? -1 : html.indexOf('>', open + 2);
    if (close < 0) return out + html.slice(position);
    out += `${html.slice(position, open)} `;
    position = close + 1;
  }
}

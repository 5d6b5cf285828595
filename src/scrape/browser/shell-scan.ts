/**
 * One forward pass over a page's tags that sorts its visible text into three piles: text of
 * the page itself, text inside the app's mount point (`<div id="root">`…), and text of a
 * cookie or consent overlay. A page built by JavaScript often arrives with a mount point that
 * only says "Loading…" and a consent wall that holds more words than the page: neither is the
 * page's content, and both hide that the rendered page would say far more.
 *
 * Linear in the page: every character is looked at a bounded number of times, an element is
 * pushed and popped at most once, attribute tests read a bounded prefix of the tag, and the
 * open-element stack has a depth cap (hostile pages nest hundreds of thousands of elements).
 */

export interface ShellScan {
  /** Characters of visible page text outside the mount point and consent overlays (whitespace collapsed). */
  readonly pageChars: number;
  /** Whether the page has a mount point at all. */
  readonly hasMountPoint: boolean;
  /** Characters of text inside mount points, and the first of them. */
  readonly mountChars: number;
  readonly mountSample: string;
  /** A mount point holds a spinner, skeleton or loader element. */
  readonly mountHasLoader: boolean;
  /** The page has a cookie/consent overlay. */
  readonly hasConsentOverlay: boolean;
}

/** Text past which a page is plainly not a shell: the scan stops counting there. */
const ENOUGH_TEXT = 2_000;
const MAX_DEPTH = 2_000;
/** Attributes are read this far into a tag: ids and classes come early, and long tags must not cost more. */
const ATTRIBUTE_PREFIX = 400;
const MOUNT_SAMPLE_CHARS = 120;

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Where frameworks mount the app: the ids create-react-app, Next, Nuxt, Gatsby, Vue CLI and Angular use. */
const MOUNT_ID = /^(root|app|__next|__nuxt|___gatsby|svelte|main-app|application|app-root)$/;
/** Root elements and attributes frameworks mark their mount point with. */
const MOUNT_MARK = /\b(data-reactroot|ng-version|ng-app|data-v-app)\b/;
/** Consent-management overlays by their conventional ids and classes (and those of the common consent platforms). */
const CONSENT = /cookie|consent|gdpr|onetrust|didomi|usercentrics|cookiebot|truste|qc-cmp|sp_message/;
const LOADER = /spinner|loader|loading|skeleton|shimmer|placeholder|progress/;
/** `id`, `class` and `aria-label` values; each match consumes its value, so a tag is read once. */
const NAMING_ATTRIBUTE = /\b(id|class|aria-label)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

/** The element's id and the rest of its naming attributes (class, aria-label) as one string. */
function namesOf(attributes: string): { id: string; names: string } {
  let id = '';
  let names = '';
  for (const match of attributes.matchAll(NAMING_ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (match[1] === 'id') id = value.trim();
    names += ` ${value}`;
  }
  return { id, names };
}

interface OpenElement {
  readonly name: string;
  readonly mount: boolean;
  readonly consent: boolean;
}

/** Reads `markup`: the page with scripts, styles and comments already taken out. */
export function scanForShell(markup: string): ShellScan {
  const stack: OpenElement[] = [];
  const openByName = new Map<string, number>();
  let mountDepth = 0;
  let consentDepth = 0;
  let pageChars = 0;
  let mountChars = 0;
  let mountSample = '';
  let hasMountPoint = false;
  let mountHasLoader = false;
  let hasConsentOverlay = false;

  const addText = (raw: string): void => {
    if (consentDepth > 0) return;
    const text = raw
      .replace(/&nbsp;|&#160;/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text === '') return;
    if (mountDepth > 0) {
      mountChars += text.length + 1;
      if (mountSample.length < MOUNT_SAMPLE_CHARS) mountSample = `${mountSample} ${text}`.trim().slice(0, MOUNT_SAMPLE_CHARS);
    } else pageChars += text.length + 1;
  };

  const open = (name: string, attributes: string): void => {
    if (VOID_ELEMENTS.has(name) || attributes.endsWith('/') || stack.length >= MAX_DEPTH) return;
    const { id, names } = namesOf(attributes);
    const mount = MOUNT_ID.test(id) || name === 'app-root' || MOUNT_MARK.test(attributes);
    const consent = CONSENT.test(names);
    if (mountDepth > 0 && LOADER.test(names)) mountHasLoader = true;
    if (mount) hasMountPoint = true;
    if (consent) hasConsentOverlay = true;
    stack.push({ name, mount, consent });
    openByName.set(name, (openByName.get(name) ?? 0) + 1);
    if (mount) mountDepth++;
    if (consent) consentDepth++;
  };

  // A stray closing tag of an element that is not open is ignored (as browsers do), so popping
  // stops at an element that is there: each element is popped once.
  const close = (name: string): void => {
    if ((openByName.get(name) ?? 0) === 0) return;
    for (;;) {
      const element = stack.pop();
      if (element === undefined) return;
      openByName.set(element.name, (openByName.get(element.name) ?? 1) - 1);
      if (element.mount) mountDepth--;
      if (element.consent) consentDepth--;
      if (element.name === name) return;
    }
  };

  let position = 0;
  while (pageChars + mountChars < ENOUGH_TEXT) {
    const lt = markup.indexOf('<', position);
    const gt = lt < 0 ? -1 : markup.indexOf('>', lt + 1);
    if (gt < 0) {
      addText(markup.slice(position));
      break;
    }
    addText(markup.slice(position, lt));
    const tag = markup.slice(lt + 1, Math.min(gt, lt + 1 + ATTRIBUTE_PREFIX)).toLowerCase();
    const name = /^\/?([a-z][a-z0-9:-]*)/.exec(tag);
    if (name?.[1] !== undefined) {
      if (tag.startsWith('/')) close(name[1]);
      else open(name[1], tag.slice(name[1].length).trim());
    }
    position = gt + 1;
  }
  return { pageChars, hasMountPoint, mountChars, mountSample, mountHasLoader, hasConsentOverlay };
}

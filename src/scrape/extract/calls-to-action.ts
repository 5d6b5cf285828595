import { type Block, type Inline, inlineText, withoutParagraphs } from './blocks.js';

/**
 * Link texts that only invite a click ("Learn more", "Get started", "Book a demo"): standing
 * alone on their line they are buttons of the page, not something it says.
 */
const CALL_TO_ACTION =
  /^(?:learn more|read more|find out more|see more|discover more|show more|view more|more info|more details|(?:see|view) details|get started(?: (?:for )?free)?|start now|start (?:your )?free trial|try (?:it )?(?:for )?free|sign up(?: (?:for )?free)?|contact (?:us|sales)|talk to sales|get in touch|(?:book|get|request|schedule) a demo|watch (?:the )?video|watch now|read (?:the )?(?:full )?(?:story|report|blog|article|case study|review|post|guide)|continue reading|download now|shop now|buy now|get a quote|view all|see all|click here|learn how|see how|explore more|(?:see|view|compare) (?:plans|pricing))$/i;
/** Arrows and chevrons buttons end with ("Read more »", "Learn more →"). */
const TRAILING_ARROWS = /[\s»›→>…⟶➔.]+$/u;
/**
 * A label pointing at another page ("Related: …", "Read more: …", "See also: …"): followed by
 * a link and nothing else, the line sends readers elsewhere.
 */
const POINTER_LABEL =
  /^(?:related(?: (?:coverage|posts?|articles?|stories|story|reading|content))?|read (?:more|also|next)|also read|see (?:more|also)|recommended|more)\s*:/i;

/** The texts of the links of a line, looking through emphasis around them. */
function linkTexts(inlines: readonly Inline[], found: string[] = []): string[] {
  for (const inline of inlines) {
    if (inline.type === 'link') found.push(inlineText(inline.children));
    else if ('children' in inline) linkTexts(inline.children, found);
  }
  return found;
}

/** Whether the line, but for its label, is one link. */
function isLinkOnly(inlines: readonly Inline[], text: string, label: string): boolean {
  const links = linkTexts(inlines).filter((link) => link !== '');
  if (links.length !== 1) return false;
  const [link = ''] = links;
  return link === text || link === text.slice(label.length).trim();
}

/** Links in a line, counting up to two: a call to action is one link, and most paragraphs have none. */
function countLinks(inlines: readonly Inline[], found = 0): number {
  for (const inline of inlines) {
    if (found > 1) break;
    if (inline.type === 'link') found++;
    else if ('children' in inline) found = countLinks(inline.children, found);
  }
  return found;
}

/** What an expanding box's toggle says ("Read more", "Show less"): a control standing alone on its line, link or not. */
const TOGGLE_LABEL = /^[+\-–]?\s*(?:read|show|see|view) (?:more|less)\s*[+\-–]?$/i;

/** A shop's or a page's buttons left without their control ("Add to cart", "Wishlist", "Share", "Notify me"). */
const BUTTON_LABEL = /^(?:add to (?:cart|bag|basket|wish ?list|favou?rites|list)|wish ?list|share|notify me|save for later)$/i;

function isCallToAction(content: readonly Inline[]): boolean {
  const links = countLinks(content);
  if (links === 0) {
    const label = inlineText(content).replace(TRAILING_ARROWS, '').trim();
    return TOGGLE_LABEL.test(label) || BUTTON_LABEL.test(label);
  }
  if (links !== 1) return false;
  const text = inlineText(content);
  if (text.length > 120) return false;
  const bare = text.replace(TRAILING_ARROWS, '').trim();
  if (CALL_TO_ACTION.test(bare) || BUTTON_LABEL.test(bare)) return isLinkOnly(content, text, '');
  const label = POINTER_LABEL.exec(text)?.[0];
  return label !== undefined && isLinkOnly(content, text, label);
}

/**
 * Drops paragraphs that are a lone call to action or a labelled pointer to another page, in
 * lists and quotes too (a card's "Learn more" is a line of its own). Headings stay: "Contact
 * us" over an address is a section of the page.
 */
export function dropCallsToAction(blocks: readonly Block[]): Block[] {
  return withoutParagraphs(blocks, isCallToAction);
}

import { type Block, forEachParagraph, inlineText, withoutParagraphs } from './blocks.js';

/**
 * A listing's own controls, left as lines of text once their buttons and menus are gone: the
 * sort order ("Sort by: Best Match"), the filter toggle ("Filter & sort", "Filters (2)") and
 * the count of results ("Showing 24 of 291 results", "1–30 of 338 products", "Products (296)").
 */
const LISTING_CONTROL = new RegExp(
  [
    String.raw`sort(?:ed)?(?: by)?\s*[:|]?(?:\s*\S+){0,4}`,
    String.raw`(?:filters?|filter (?:&|and) sort|refine(?: by)?)(?:\s*\(\d+\))?`,
    String.raw`(?:showing|displaying|viewing|loaded)\s+(?:\d[\d,.]*\s*(?:-|–|to)\s*)?\d[\d,.]*(?:\s+of\s+\d[\d,.]*)?\s+(?:results?|products?|items?)`,
    String.raw`\d[\d,.]*\s*(?:-|–)\s*\d[\d,.]*\s+of\s+\d[\d,.]*(?:\s+(?:results?|products?|items?))?`,
    String.raw`(?:results?|products?|items?)\s*\(\d[\d,.]*\)`,
    String.raw`loading(?:\.\.\.|…)?`,
  ]
    .map((pattern) => `(?:${pattern})`)
    .join('|')
    .replace(/^/, '^(?:')
    .concat(')$'),
  'i',
);

/**
 * Buttons and badges a shop repeats on every card ("Add to cart", "Quick view", "Best seller",
 * "Sold out"): shown on three cards or more they are controls and labels of the grid, not what
 * the cards say. One such line alone may be a section's title or a product's own button, which
 * other passes judge.
 */
const CARD_CONTROL_NAMES = String.raw`add to (?:cart|bag|basket|trolley|wish ?list|favou?rites|compare)|quick (?:view|shop|add|look)|choose options|select options|(?:show|view|see) options|compare|more info(?:rmation)?|calculate shipping|notify me(?: when available)?|close|show more|(?:see |view )?more options|sponsored|\d+ min(?:ute)?s? read|new arrivals?|best ?sellers?|top rated|award winner|on sale|sale|sold out|just in|online only`;
/** One control, or several run together on one line ("More info Quick view"). */
const CARD_CONTROL = new RegExp(`^(?:${CARD_CONTROL_NAMES})(?:(?:\\s*[|/·]\\s*|\\s+)(?:${CARD_CONTROL_NAMES}))*$`, 'i');
/**
 * The name of a product option alone ("Size", "Color", "Qty:") is what a card's variant
 * picker or quantity box leaves once its menu, swatches or field are gone: repeated on three
 * cards or more, it goes like the buttons. With a colon an option's name labels the value on
 * the next line ("Type:" "Neutral"), a fact of the card, and stays.
 */
const OPTION_NAME = /^(?:size|colou?r|type|style|flavou?r|scent|material|width|length|fit|(?:qty|quantity)\s*:?)$/i;
const MIN_REPEATED_CONTROLS = 3;
/** Longer lines say something: a control's text is short. */
const MAX_CONTROL_LENGTH = 60;

function normalized(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\s»›→>…+]+$/u, '')
    .trim();
}

/** How many paragraphs say each card control or option name, lowercased. */
function countCardControls(blocks: readonly Block[]): Map<string, number> {
  const counts = new Map<string, number>();
  forEachParagraph(blocks, (content) => {
    const text = normalized(inlineText(content));
    if (text.length <= MAX_CONTROL_LENGTH && (CARD_CONTROL.test(text) || OPTION_NAME.test(text)))
      counts.set(text.toLowerCase(), (counts.get(text.toLowerCase()) ?? 0) + 1);
  });
  return counts;
}

function isControl(text: string, repeated: ReadonlyMap<string, number>): boolean {
  if (text.length > MAX_CONTROL_LENGTH) return false;
  if (LISTING_CONTROL.test(text)) return true;
  return (repeated.get(text.toLowerCase()) ?? 0) >= MIN_REPEATED_CONTROLS;
}

/**
 * Drops the lines a listing's controls leave in its text (sort order, filter toggle, count of
 * results) and the buttons repeated on its cards, in lists and quotes too. Headings stay.
 */
export function dropListingControls(blocks: readonly Block[]): Block[] {
  const repeated = countCardControls(blocks);
  return withoutParagraphs(blocks, (content) => isControl(normalized(inlineText(content)), repeated));
}

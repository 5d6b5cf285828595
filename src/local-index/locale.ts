/** The language and country a page is for, from what it declares and where it is hosted. */
import { isCountryCode } from '../search/index.js';
import type { PageFacts } from '../scrape/extract/index.js';

/** Country-code top-level domains used as generic names (`.io`, `.tv`…): they say nothing about the audience. */
const GENERIC_CCTLDS = new Set([
  'io',
  'co',
  'tv',
  'me',
  'ai',
  'fm',
  'ly',
  'gg',
  'to',
  'ws',
  'cc',
  'sh',
  'am',
  'im',
  'la',
  'nu',
  'tk',
  'ac',
  'vc',
  'so',
  'gl',
  'ms',
]);

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  'united states': 'us',
  usa: 'us',
  'united states of america': 'us',
  'united kingdom': 'gb',
  uk: 'gb',
  'great britain': 'gb',
  england: 'gb',
  germany: 'de',
  deutschland: 'de',
  france: 'fr',
  spain: 'es',
  españa: 'es',
  italy: 'it',
  italia: 'it',
  netherlands: 'nl',
  belgium: 'be',
  switzerland: 'ch',
  austria: 'at',
  sweden: 'se',
  norway: 'no',
  denmark: 'dk',
  finland: 'fi',
  ireland: 'ie',
  portugal: 'pt',
  poland: 'pl',
  japan: 'jp',
  china: 'cn',
  india: 'in',
  canada: 'ca',
  australia: 'au',
  'new zealand': 'nz',
  brazil: 'br',
  brasil: 'br',
  mexico: 'mx',
  méxico: 'mx',
  argentina: 'ar',
  'south africa': 'za',
  russia: 'ru',
  turkey: 'tr',
  'south korea': 'kr',
  korea: 'kr',
};

/** A lower-case ISO country code from a code ("US", "GBR" is not read) or an English/own-language name. */
export function countryFromName(raw: string): string | undefined {
  const value = raw.trim().toLowerCase();
  if (value.length === 2 && isCountryCode(value)) return value === 'uk' ? 'gb' : value;
  return COUNTRY_NAMES[value];
}

/** "pt-BR" → { lang: "pt", country: "br" }; "en_GB" reads the same way. */
export function parseLocaleTag(tag: string | undefined): { lang?: string; country?: string } {
  if (tag === undefined) return {};
  const parts = tag.trim().replace(/_/g, '-').split('-');
  const lang = parts[0]?.toLowerCase();
  const region = parts
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part))
    ?.toLowerCase();
  return {
    ...(lang !== undefined && /^[a-z]{2,3}$/.test(lang) ? { lang } : {}),
    ...(region !== undefined && isCountryCode(region) ? { country: region === 'uk' ? 'gb' : region } : {}),
  };
}

function countryOfHost(host: string): string | undefined {
  const tld = host.split('.').pop() ?? '';
  if (tld === 'uk') return 'gb';
  return tld.length === 2 && !GENERIC_CCTLDS.has(tld) && isCountryCode(tld) ? tld : undefined;
}

/** The page's language (primary subtag) and country: declared locale first, then the host's country-code domain. */
export function pageLocale(facts: PageFacts, host: string): { lang?: string; country?: string } {
  const declared = parseLocaleTag(facts.extracted.language);
  const og = parseLocaleTag(facts.extracted.meta['og:locale']?.[0]);
  const lang = declared.lang ?? og.lang;
  const country = og.country ?? declared.country ?? countryOfHost(host);
  return { ...(lang === undefined ? {} : { lang }), ...(country === undefined ? {} : { country }) };
}

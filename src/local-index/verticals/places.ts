import type { JsonObject, PageFacts } from '../../scrape/extract/index.js';
import { countryFromName } from '../locale.js';
import { internationalPhone } from './phone.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';
import { entitiesOfType, link, number, object, ratingOutOfFive, text, typesOf } from './structured.js';

/** schema.org types that are places people go to (LocalBusiness, Place and their common subtypes). */
const PLACE_TYPES = new Set([
  'LocalBusiness',
  'Place',
  'Restaurant',
  'FoodEstablishment',
  'CafeOrCoffeeShop',
  'BarOrPub',
  'Bakery',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Winery',
  'Brewery',
  'Store',
  'GroceryStore',
  'BookStore',
  'ClothingStore',
  'HardwareStore',
  'ShoppingCenter',
  'Hotel',
  'LodgingBusiness',
  'Hostel',
  'BedAndBreakfast',
  'Motel',
  'Museum',
  'TouristAttraction',
  'Park',
  'LandmarksOrHistoricalBuildings',
  'MedicalBusiness',
  'Dentist',
  'Physician',
  'Pharmacy',
  'Hospital',
  'AutoRepair',
  'AutomotiveBusiness',
  'ProfessionalService',
  'HealthAndBeautyBusiness',
  'HairSalon',
  'DaySpa',
  'SportsActivityLocation',
  'ExerciseGym',
  'EntertainmentBusiness',
  'MovieTheater',
  'LegalService',
  'Attorney',
  'FinancialService',
  'BankOrCreditUnion',
  'RealEstateAgent',
  'TravelAgency',
  'Library',
  'CivicStructure',
]);
const GENERIC_TYPES = new Set(['LocalBusiness', 'Place', 'FoodEstablishment', 'CivicStructure']);
/** Types a place often carries beside its own that say nothing about what kind of place it is. */
const NOT_CATEGORIES = new Set(['Organization', 'Corporation', 'Thing', 'Brand', 'WebPage', 'WebSite']);
/** schema.org names every kind of shop this way (`ShoeStore`, `TireShop`…), too many to list one by one. */
const SHOP_TYPE = /^[A-Z][A-Za-z]*(Store|Shop)$/;

function isPlaceType(type: string): boolean {
  return PLACE_TYPES.has(type) || SHOP_TYPE.test(type);
}

/** "CafeOrCoffeeShop" → "Cafe or coffee shop": words in sentence case, as map listings write categories. */
function humanise(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Hosts whose paths end in a category name: schema.org types, and Wikipedia titles (the Product Types Ontology mirrors them). */
const NAMED_BY_PATH = /(^|\.)(schema\.org|productontology\.org|wikipedia\.org)$/;

/**
 * The category one `additionalType` names: a schema.org type URL ("https://schema.org/Bakery"),
 * a Product Types Ontology or Wikipedia URL (".../id/Hardware_store", a disambiguation in
 * brackets dropped) or plain words. Other URLs (Wikidata's Q-numbers…) name nothing readable.
 */
function categoryFromAdditionalType(value: string): string | undefined {
  let name = value.trim();
  if (/^https?:\/\//i.test(name)) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      return undefined;
    }
    if (!NAMED_BY_PATH.test(url.hostname.toLowerCase())) return undefined;
    const segment = url.pathname.split('/').filter(Boolean).pop() ?? '';
    try {
      name = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  } else if (/^schema:/i.test(name)) name = name.slice('schema:'.length);
  name = name
    .replace(/_/g, ' ')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim();
  if (name === '' || name.length > 60 || !/^\p{L}[\p{L}\p{N} '&,.-]*$/u.test(name)) return undefined;
  if (GENERIC_TYPES.has(name)) return undefined;
  return name.includes(' ') ? name.charAt(0).toUpperCase() + name.slice(1) : humanise(name);
}

function additionalTypes(place: JsonObject): string[] {
  const raw = place['additionalType'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((entry) => (typeof entry === 'string' ? entry : text(entry)) ?? '').filter((entry) => entry !== '');
}

function addressOf(place: JsonObject): { text?: string; country?: string } {
  const value = place['address'];
  const postal = object(value);
  if (postal === undefined) return { ...defined({ text: text(value) }) };
  const street = text(postal['streetAddress']);
  const locality = text(postal['addressLocality']);
  const region = [text(postal['addressRegion']), text(postal['postalCode'])].filter(Boolean).join(' ');
  const countryRaw = text(postal['addressCountry']);
  const parts = [street, locality, region === '' ? undefined : region, countryRaw].filter((p): p is string => p !== undefined);
  return defined({ text: parts.length > 0 ? parts.join(', ') : undefined, country: countryRaw === undefined ? undefined : countryFromName(countryRaw) });
}

/**
 * What kind of place it is: what `additionalType` names (sites add it precisely because the
 * schema.org type is too broad), or else its most specific schema.org type in words
 * ("HardwareStore" rather than "LocalBusiness"), a restaurant by its cuisine.
 */
function categoryOf(place: JsonObject): string | undefined {
  for (const additional of additionalTypes(place)) {
    const category = categoryFromAdditionalType(additional);
    if (category !== undefined) return category;
  }
  const types = typesOf(place);
  const type = types.find((t) => isPlaceType(t) && !GENERIC_TYPES.has(t)) ?? types.find((t) => !isPlaceType(t) && !NOT_CATEGORIES.has(t));
  const cuisine = text(place['servesCuisine']);
  if (cuisine !== undefined && (type === undefined || /Restaurant|Food/.test(type))) return `${cuisine} restaurant`;
  return type === undefined ? undefined : humanise(type);
}

/**
 * Places from LocalBusiness/Place entities: address, coordinates, rating out of 5, review count,
 * phone in international format, category, and the place's own web site.
 */
export function placeRecords(facts: PageFacts, page: PageSummary, pageCountry: string | undefined): VerticalRecord<'places'>[] {
  const places = entitiesOfType(facts, isPlaceType).filter((place) => text(place['name']) !== undefined);
  return places.slice(0, 20).map((place) => {
    const address = addressOf(place);
    const geo = object(place['geo']);
    const latitude = number(geo?.['latitude']);
    const longitude = number(geo?.['longitude']);
    const phoneRaw = text(place['telephone']);
    const phone = phoneRaw === undefined ? undefined : internationalPhone(phoneRaw, address.country ?? pageCountry);
    const category = categoryOf(place);
    const title = text(place['name']) ?? page.title;
    const snippet = text(place['description']);
    return {
      vertical: 'places',
      item: {
        title,
        ...defined({
          address: address.text,
          latitude: latitude !== undefined && Math.abs(latitude) <= 90 ? latitude : undefined,
          longitude: longitude !== undefined && Math.abs(longitude) <= 180 ? longitude : undefined,
          ...ratingOutOfFive(object(place['aggregateRating'])),
          phone,
          category,
          website: link(place['url'], page.url) ?? page.url,
        }),
      },
      text: `${address.text ?? ''}\n${category ?? ''}\n${snippet ?? ''}\n${page.description ?? ''}`,
    };
  });
}

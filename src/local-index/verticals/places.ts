import type { JsonObject } from '../../scrape/extract/index.js';
import { countryFromName } from '../locale.js';
import type { PageFacts } from '../page-facts.js';
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

/** "CafeOrCoffeeShop" → "Cafe or coffee shop". */
function humanise(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
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

function categoryOf(place: JsonObject): string | undefined {
  const type = typesOf(place).find((t) => PLACE_TYPES.has(t) && !GENERIC_TYPES.has(t)) ?? typesOf(place).find((t) => !PLACE_TYPES.has(t));
  const cuisine = text(place['servesCuisine']);
  if (cuisine !== undefined && (type === undefined || /Restaurant|Food/.test(type))) return `${cuisine} restaurant`;
  return type === undefined ? undefined : humanise(type);
}

/**
 * Places from LocalBusiness/Place entities: address, coordinates, rating out of 5, review count,
 * phone in international format, category, and the place's own web site.
 */
export function placeRecords(facts: PageFacts, page: PageSummary, pageCountry: string | undefined): VerticalRecord<'places'>[] {
  const places = entitiesOfType(facts, (type) => PLACE_TYPES.has(type)).filter((place) => text(place['name']) !== undefined);
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

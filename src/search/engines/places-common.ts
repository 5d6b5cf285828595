/** Pieces shared by the geocoder adapters (Photon, Nominatim). */
import type { EngineRequest } from '../engine.js';
import { queryKeywords } from '../query.js';

/** Geocoders search free text: the query's words, narrowed by the request's location when given. */
export function placeQuery(request: EngineRequest): string {
  const words = queryKeywords(request.query).join(' ');
  return request.location === undefined ? words : `${words}, ${request.location}`;
}

/** Valid coordinates only. */
export function coordinates(latitude: number | undefined, longitude: number | undefined): { latitude?: number; longitude?: number } {
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return {};
  return { latitude, longitude };
}

/** An OSM tag value such as `fast_food` as a readable category. */
export function categoryLabel(value: string | undefined): string | undefined {
  if (value === undefined || value === 'yes') return undefined;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

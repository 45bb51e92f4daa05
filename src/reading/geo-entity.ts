/**
 * The things a maps service answers, read where the name carries only how it finds them: a route
 * (`direction_walking`, `bicycling`), a location and an address (`geocode`, `reverse_geocode`), a
 * point of interest (`text_search` "… returns the POIs"). A route needs both ends in the arguments
 * and a description that plans one ("Plan a walking route", "骑行路径规划": a description in
 * Chinese is words like any other); a geocode's direction is read from what it takes (an address
 * gives a location, coordinates give an address); a search by text or around a point finds the
 * one thing its description names in capitals (`POI`). Each reading says why (tool-explanation.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** The entity a maps tool answers and why, or null. */
export interface GeoEntity {
  entity: string;
  why: string;
}

/**
 * What a maps tool answers, where its name says only how it finds it; null for any other tool.
 *
 * @example
 *   toGeoEntity({ ...shape, entity: 'direction_walking' }, walking, new Set()); // { entity: 'route', why: '…' }
 */
export function toGeoEntity(shape: ToolShape, tool: ToolDefinition, entities: ReadonlySet<string> = noEntities): GeoEntity | null {
  if (shape.dispatch) return null;
  return toRoute(shape, tool) ?? toGeocoded(shape, tool) ?? toLocated(shape, tool, entities) ?? toSearched(shape, tool);
}

/** `maps_bicycling(origin, destination)` "骑行路径规划": both ends in the arguments and a route the description plans first. */
function toRoute(shape: ToolShape, tool: ToolDefinition): GeoEntity | null {
  if (shape.entity === 'route') return null;
  const stems = new Set(Object.keys(propertiesOf(tool)).map((name) => toSingular(toWords(name)[0] ?? '')));
  if (!stems.has('origin') || !stems.has('destination')) return null;
  const text = (tool.description ?? '').toLowerCase();
  const route = firstAt(text, routeWords);
  // "the distance and the time of the route between them" measures a distance: the first noun it names decides.
  if (route === -1 || (firstAt(text, distanceWords) !== -1 && firstAt(text, distanceWords) < route)) return null;
  return { entity: 'route', why: 'an origin and a destination among the arguments, and a route its description plans' };
}

/** `geocode(address)` answers a location; `reverse_geocode(latitude, longitude)` and `regeocode(location)` an address. */
function toGeocoded(shape: ToolShape, tool: ToolDefinition): GeoEntity | null {
  const words = shape.entity.split('_');
  if (!words.some((word) => geocodeWords.has(word))) return null;
  const required = [...requiredOf(tool)].map((name) => toWords(name).join('_'));
  const fromAddress = required.includes('address');
  const fromPoint = required.some((name) => pointArguments.has(name));
  if (fromAddress === fromPoint) return null;
  return fromAddress
    ? { entity: 'location', why: `"${shape.entity}" of the name takes an address: it answers the location (coordinates) found` }
    : { entity: 'address', why: `"${shape.entity}" of the name takes coordinates: it answers the address found there` };
}

/** `ip_location(ip)`: a location looked up by what the name puts before it, which an argument takes. */
function toLocated(shape: ToolShape, tool: ToolDefinition, entities: ReadonlySet<string>): GeoEntity | null {
  const words = shape.entity.split('_');
  if (words.length < 2 || words[words.length - 1] !== 'location') return null;
  const key = words.slice(0, -1).join('_');
  if (entities.has(key) || ![...requiredOf(tool)].some((name) => toWords(name).map(toFullWord).join('_') === key)) return null;
  return { entity: 'location', why: `a location found by "${key}", the argument the name puts before it` };
}

/**
 * `text_search(keywords)` "Search for POIs by keyword": a search whose name carries only how it
 * searches finds the one acronym the description names (a maps service's `POI`).
 */
function toSearched(shape: ToolShape, tool: ToolDefinition): GeoEntity | null {
  // `item` is a name with no noun at all (`search`): only a word that says how (`text`, `around`) marks such a search.
  if (!shape.entity.split('_').every((word) => word === 'item' || searchHows.has(word))) return null;
  if (!toWords(tool.name).some((word) => searchHows.has(word))) return null;
  const acronyms = new Set(
    [...(tool.description ?? '').matchAll(/(?<![A-Za-z])([A-Z]{2,5})s?(?![A-Za-z])/g)]
      .map((match) => match[1]!)
      .filter((word) => !commonAcronyms.has(word)),
  );
  if (acronyms.size !== 1) return null;
  const [acronym] = acronyms;
  return {
    entity: acronym!.toLowerCase(),
    why: `a search by ${shape.entity.replace(/_/g, ' ')}: it finds the ${acronym} its description names`,
  };
}

const noEntities: ReadonlySet<string> = new Set();

function firstAt(text: string, words: readonly string[]): number {
  const found = words.map((word) => text.indexOf(word)).filter((at) => at !== -1);
  return found.length === 0 ? -1 : Math.min(...found);
}

/** How descriptions say route, in English and Chinese (路线 a route, 路径 a path). */
const routeWords = ['route', 'directions', '路线', '路径'];
const distanceWords = ['distance', '距离'];
/** Name words for turning an address into coordinates and back (`regeocode` is the reverse). */
const geocodeWords = new Set(['geocode', 'geocoding', 'geo', 'regeocode']);
/** Arguments that hold a point: coordinates rather than an address. */
const pointArguments = new Set(['location', 'latitude', 'longitude', 'lat', 'lng', 'lon', 'coordinates', 'latlng']);
/** Name words that say how a search finds its results, not what it finds. */
const searchHows = new Set(['text', 'around', 'nearby', 'keyword', 'detail']);
/** Acronyms of the web and of data, not of a service's things. */
const commonAcronyms = new Set([
  'API',
  'ID',
  'IP',
  'URL',
  'URI',
  'UUID',
  'JSON',
  'HTTP',
  'HTTPS',
  'MCP',
  'SQL',
  'PNG',
  'PDF',
  'CSV',
  'KM',
  'UTC',
  'ISO',
]);

import { describe, expect, it } from 'vitest';
import { inferServerShapes } from './tool-operation.js';
import { toWhy } from './tool-explanation.js';
import { tool, text, entities } from './written-tools.test-support.js';

describe('what a maps tool answers, where its name says only how it finds it', () => {
  it('reads a tool that takes both ends and plans a route as a route, in English or in Chinese', () => {
    const tools = [
      tool('geo_cycling', { origin: text, destination: text }, 'Plans a cycling route between two points'),
      tool('geo_path_walk', { origin: text, destination: text }, '规划两点之间的步行路线'),
      tool('geo_trip_matrix', { origins: text, destinations: text }, 'Measures the distance and the route time between many points'),
      tool('geo_commute', { origin: text }, 'Plans a commuting route'),
    ];
    expect(entities(tools)).toMatchObject({ geo_cycling: 'route', geo_path_walk: 'route' });
    // A distance named first is what it measures; one end alone plans no route.
    expect(entities(tools).geo_trip_matrix).not.toBe('route');
    expect(entities(tools).geo_commute).not.toBe('route');
  });

  it('reads a geocode by what it takes: an address gives a location, coordinates give an address', () => {
    const tools = [
      tool('places_geocode', { address: text }, 'Turns an address into coordinates'),
      tool('places_reverse_geocode', { lat: { type: 'number' }, lng: { type: 'number' } }, 'Finds the address at a point'),
    ];
    expect(entities(tools)).toMatchObject({ places_geocode: 'location', places_reverse_geocode: 'address' });
  });

  it('reads a location looked up by an argument the name puts before it', () => {
    expect(entities([tool('lookup_ip_location', { ip: text }, 'Where an IP address is')])).toMatchObject({
      lookup_ip_location: 'location',
    });
    // With no such argument the name's words stay.
    expect(entities([tool('get_office_location', { city: text })]).get_office_location).toBe('office_location');
  });

  it('reads a search by text or around a point as the one acronym its description names', () => {
    const tools = [
      tool('places_text_search', { keywords: text }, 'Finds the POIs that match the keywords'),
      tool('places_around_search', { location: text }, 'Finds POIs within a radius of a point, by API'),
      tool('search', { query: text }, 'Search with JQL'),
    ];
    expect(entities(tools)).toMatchObject({ places_text_search: 'poi', places_around_search: 'poi' });
    // A name with no word of how it searches keeps its reading.
    expect(entities(tools).search).not.toBe('jql');
  });

  it('says why in the reading', () => {
    const walk = tool('geo_cycling', { origin: text, destination: text }, 'Plans a cycling route between two points');
    const shape = inferServerShapes([walk]).get('geo_cycling')!;
    const why = toWhy(walk, shape, { prefix: null, override: undefined, filters: [], heldIds: [], idSource: null, kind: '' });
    expect(why.entity).toContain('a route its description plans');
  });
});

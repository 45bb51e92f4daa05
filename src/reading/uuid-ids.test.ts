import { describe, expect, it } from 'vitest';
import { toUuidId } from './uuid-ids.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('toUuidId', () => {
  it('makes a UUID, the same for the same seed, where the descriptions call the id the type’s UUID', () => {
    const id = toUuidId('application', ['Application UUID'], 'id', 'seed|0');
    expect(id).toMatch(uuid);
    expect(toUuidId('application', ['Application UUID'], 'id', 'seed|0')).toBe(id);
    expect(toUuidId('server', ['UUID'], 'id', 'seed|0')).toMatch(uuid);
    expect(toUuidId('application', ['The application ID (UUID) to fetch.'], 'id', 'seed|0')).toMatch(uuid);
  });

  it('makes a UUID where the id field is named for one', () => {
    expect(toUuidId('project', [], 'uuid', 'seed|0')).toMatch(uuid);
  });

  it('answers null for another thing’s UUID or no UUID at all', () => {
    expect(toUuidId('basket', ['Item UUID from the cart'], 'id', 'seed|0')).toBeNull();
    expect(toUuidId('issue', ['The issue number'], 'number', 'seed|0')).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toPatternValue } from '../domain/pattern-value.js';
import { findKnownService, knownIdField, knownIdPattern, knownLabelField } from './service-id-formats.js';

const data = JSON.parse(readFileSync(new URL('../../data/id-formats.json', import.meta.url), 'utf8')) as {
  services: { service: string; names: string[]; source: string; ids: Record<string, string> }[];
};

describe('service id formats', () => {
  it('holds at least 50 services, each with an https API reference and a usual id', () => {
    expect(data.services.length).toBeGreaterThanOrEqual(50);
    for (const service of data.services) {
      expect(service.source, service.service).toMatch(/^https:\/\/\S+$/);
      expect(service.ids['*'], service.service).toBeDefined();
      expect(service.names.length, service.service).toBeGreaterThan(0);
    }
  });

  it('makes, from every pattern, an id that the pattern matches', () => {
    for (const service of data.services)
      for (const [type, pattern] of Object.entries(service.ids)) {
        const anchored = `^(?:${pattern})$`;
        const value = toPatternValue(anchored, `${service.service}|${type}`);
        expect(value, `${service.service}.${type}`).not.toBeNull();
        expect(new RegExp(anchored).test(value!), `${service.service}.${type}: ${value}`).toBe(true);
      }
  });

  it('finds the service by a word of the server name, not by a part of a word', () => {
    expect(findKnownService(['@stripe/mcp'])?.service).toBe('stripe');
    expect(findKnownService(['hubspot__mcp-server'])?.service).toBe('hubspot');
    expect(findKnownService(['@cocal/google-calendar-mcp'])?.service).toBe('google_calendar');
    expect(findKnownService(['boxcar-tracker'])).toBeNull();
    expect(findKnownService(['acme'])).toBeNull();
  });

  it('answers the type’s pattern, or the service’s usual id for a type it does not list', () => {
    expect(knownIdPattern(['@stripe/mcp'], 'customer')).toBe('^(?:cus_[A-Za-z0-9]{14})$');
    expect(knownIdPattern(['trello-mcp'], 'card')).toBe('^(?:[0-9a-f]{24})$');
    expect(knownIdPattern(['acme'], 'card')).toBeNull();
  });

  it('looks a type named with its owner in front up by its head noun', () => {
    expect(knownIdPattern(['@leonardsellem/n8n-mcp-server'], 'workflow_execution')).toBe('^(?:[1-9][0-9]{2,4})$');
    expect(knownIdPattern(['@leonardsellem/n8n-mcp-server'], 'workflow')).toBe('^(?:[A-Za-z0-9]{16})$');
    expect(knownIdPattern(['@github/github-mcp-server'], 'issue_comment')).toBe('^(?:[1-9][0-9]{9})$');
  });

  it('names the field a type’s id is in where the service does not call it id', () => {
    expect(knownIdField(['@modelcontextprotocol/server-slack'], 'message')).toBe('ts');
    expect(knownIdField(['@modelcontextprotocol/server-slack'], 'channel')).toBeNull();
    expect(knownIdField(['@stripe/mcp'], 'customer')).toBeNull();
    expect(knownIdField(['@chatwork/mcp-server'], 'room')).toBe('room_id');
  });

  it('names the field a known service names a type by where it is not name', () => {
    expect(knownLabelField(['junis__shopify-mcp'], 'product')).toBe('title');
    expect(knownLabelField(['pipedrive-mcp'], 'deal')).toBe('title');
    expect(knownLabelField(['pipedrive-mcp'], 'person')).toBeNull();
    expect(knownLabelField(['acme'], 'product')).toBeNull();
  });
});

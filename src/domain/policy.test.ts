import { describe, expect, it } from 'vitest';
import { connectionVisible, isAllowed, mayAllowSome, parseTtl, type AccessRequest, type Chain, type Constraint } from './policy.js';

const connection = (connectionId: string, metadata: Record<string, unknown> | null) => ({ connectionId, metadata });
const readDemo: AccessRequest = { resource: 'connections', operation: 'read', namespace: 'demo' };
const one = (...constraints: Constraint[]): Chain => [constraints];

describe('parseTtl', () => {
  it.each([
    [3600, 3600],
    [1, 1],
    [86400, 86400],
    ['1h', 3600],
    ['24h', 86400],
    ['30m', 1800],
    ['1440m', 86400],
    ['20s', 20],
    ['86400s', 86400],
    ['01h', 3600],
  ] as const)('reads %j as %i seconds', (value, seconds) => {
    expect(parseTtl(value)).toEqual({ seconds });
  });

  it.each([0, -5, 1.5, 86401, '25h', '1441m', '86401s', '0h', '1.5h', '1d', '1 h', 'h', '', '3600', '1H'])(
    'refuses %j with a message',
    (value) => {
      const result = parseTtl(value);
      expect(result).toHaveProperty('error');
      expect((result as { error: string }).error).toMatch(/^must be/);
    },
  );
});

describe('isAllowed', () => {
  it('allows everything with the empty chain (the API key)', () => {
    expect(isAllowed([], { resource: 'servers', operation: 'write' })).toBe(true);
    expect(isAllowed([], { ...readDemo, connection: connection('x', null) })).toBe(true);
  });

  it('denies everything with a policy of no constraints (deny by default)', () => {
    expect(isAllowed([[]], readDemo)).toBe(false);
  });

  it('rule 1: every field present in a constraint must match (AND)', () => {
    const chain = one({ resources: ['connections'], operations: ['read'], namespaces: ['demo'] });
    expect(isAllowed(chain, readDemo)).toBe(true);
    expect(isAllowed(chain, { ...readDemo, operation: 'write' })).toBe(false);
    expect(isAllowed(chain, { ...readDemo, resource: 'servers' })).toBe(false);
    expect(isAllowed(chain, { ...readDemo, namespace: 'other' })).toBe(false);
  });

  it('rule 2: any element of a list may match (OR)', () => {
    const chain = one({ operations: ['read', 'write'], namespaces: ['a', 'b'], metadata: [{ team: 'x' }, { team: 'y' }] });
    expect(isAllowed(chain, { ...readDemo, namespace: 'b', connection: connection('c', { team: 'y' }) })).toBe(true);
    expect(isAllowed(chain, { ...readDemo, operation: 'write', namespace: 'a', connection: connection('c', { team: 'x' }) })).toBe(true);
    expect(isAllowed(chain, { ...readDemo, operation: 'execute', namespace: 'a', connection: connection('c', { team: 'x' }) })).toBe(false);
    expect(isAllowed(chain, { ...readDemo, namespace: 'a', connection: connection('c', { team: 'z' }) })).toBe(false);
  });

  it('rule 3: all keys of one metadata map must equal the connection metadata (AND)', () => {
    const chain = one({ metadata: [{ team: 'x', env: 'prod' }] });
    expect(isAllowed(chain, { ...readDemo, connection: connection('c', { team: 'x', env: 'prod', extra: 1 }) })).toBe(true);
    expect(isAllowed(chain, { ...readDemo, connection: connection('c', { team: 'x', env: 'dev' }) })).toBe(false);
    expect(isAllowed(chain, { ...readDemo, connection: connection('c', { team: 'x' }) })).toBe(false);
    expect(isAllowed(chain, { ...readDemo, connection: connection('c', null) })).toBe(false);
  });

  it('rule 4: the constraints of a policy are independent grants (OR)', () => {
    const chain = one({ resources: ['servers'], operations: ['read'] }, { resources: ['namespaces'], operations: ['write'] });
    expect(isAllowed(chain, { resource: 'servers', operation: 'read' })).toBe(true);
    expect(isAllowed(chain, { resource: 'namespaces', operation: 'write', namespace: 'n' })).toBe(true);
    expect(isAllowed(chain, { resource: 'servers', operation: 'write' })).toBe(false);
  });

  it('rule 5: a field left out places no restriction on its dimension', () => {
    const chain = one({ resources: ['connections'] });
    for (const operation of ['read', 'write', 'execute'] as const) {
      expect(isAllowed(chain, { resource: 'connections', operation, namespace: 'any', connection: connection('c', null) })).toBe(true);
    }
    expect(isAllowed(one({}), { resource: 'skills', operation: 'read' })).toBe(true);
  });

  it('rule 6: a metadata constraint matches only connections requests that name a matching connection', () => {
    const chain = one({ metadata: [{ team: 'x' }] });
    expect(isAllowed(chain, { ...readDemo, connection: connection('c', { team: 'x' }) })).toBe(true);
    expect(isAllowed(chain, readDemo)).toBe(false);
    expect(isAllowed(chain, { resource: 'namespaces', operation: 'read', namespace: 'demo' })).toBe(false);
    expect(isAllowed(chain, { resource: 'servers', operation: 'read', connection: connection('c', { team: 'x' }) })).toBe(false);
  });

  it('does not match a request without a namespace against a constraint that lists namespaces', () => {
    expect(isAllowed(one({ namespaces: ['demo'] }), { resource: 'servers', operation: 'read' })).toBe(false);
    expect(isAllowed(one({ resources: ['servers'] }), { resource: 'servers', operation: 'read' })).toBe(true);
  });

  it('compares non-string metadata by its JSON text, and only own keys', () => {
    const meta = { n: 1, yes: true, nothing: null, list: [1, 'a'], nested: { a: 1 } };
    const allowed = (pairs: Record<string, string>) =>
      isAllowed(one({ metadata: [pairs] }), { ...readDemo, connection: connection('c', meta) });
    expect(allowed({ n: '1' })).toBe(true);
    expect(allowed({ yes: 'true' })).toBe(true);
    expect(allowed({ nothing: 'null' })).toBe(true);
    expect(allowed({ list: '[1,"a"]' })).toBe(true);
    expect(allowed({ nested: '{"a":1}' })).toBe(true);
    expect(allowed({ n: '1.0' })).toBe(false);
    expect(allowed({ constructor: '[object Object]' })).toBe(false);
    expect(allowed({ toString: 'x' })).toBe(false);
  });

  it("matches connectionId against the connection's id, never a metadata field of that name", () => {
    const chain = one({ metadata: [{ connectionId: 'gh' }] });
    expect(isAllowed(chain, { ...readDemo, connection: connection('gh', null) })).toBe(true);
    expect(isAllowed(chain, { ...readDemo, connection: connection('other', { connectionId: 'gh' }) })).toBe(false);
    expect(
      isAllowed(one({ metadata: [{ connectionId: 'gh', team: 'x' }] }), { ...readDemo, connection: connection('gh', { team: 'x' }) }),
    ).toBe(true);
  });

  it('allows a request only when every policy of the chain allows it', () => {
    const chain: Chain = [
      [{ namespaces: ['a', 'b'] }],
      [{ operations: ['read'] }],
      [{ metadata: [{ team: 'x' }] }, { resources: ['namespaces'] }],
    ];
    expect(isAllowed(chain, { ...readDemo, namespace: 'a', connection: connection('c', { team: 'x' }) })).toBe(true);
    expect(isAllowed(chain, { ...readDemo, namespace: 'c', connection: connection('c', { team: 'x' }) })).toBe(false);
    expect(isAllowed(chain, { ...readDemo, operation: 'write', namespace: 'a', connection: connection('c', { team: 'x' }) })).toBe(false);
    expect(isAllowed(chain, { resource: 'namespaces', operation: 'read', namespace: 'b' })).toBe(true);
  });
});

describe('connectionVisible', () => {
  it('is connections:read on that connection', () => {
    const chain = one({ operations: ['read'], metadata: [{ team: 'x' }] });
    expect(connectionVisible(chain, 'demo', connection('c', { team: 'x' }))).toBe(true);
    expect(connectionVisible(chain, 'demo', connection('c', { team: 'y' }))).toBe(false);
    expect(connectionVisible(one({ operations: ['write'] }), 'demo', connection('c', null))).toBe(false);
  });
});

describe('mayAllowSome', () => {
  it('lets a metadata constraint through when the connection is still open', () => {
    const chain = one({ metadata: [{ team: 'x' }], operations: ['read'] });
    expect(mayAllowSome(chain, readDemo, 'connection')).toBe(true);
    expect(mayAllowSome(chain, { ...readDemo, operation: 'write' }, 'connection')).toBe(false);
    expect(mayAllowSome(chain, { resource: 'namespaces', operation: 'read' }, 'namespace')).toBe(false);
  });

  it('lets a namespaces constraint through when the namespace is still open, and not otherwise', () => {
    const chain = one({ namespaces: ['a'], resources: ['namespaces'] });
    expect(mayAllowSome(chain, { resource: 'namespaces', operation: 'read' }, 'namespace')).toBe(true);
    expect(mayAllowSome(chain, { resource: 'connections', operation: 'read', namespace: 'b' }, 'connection')).toBe(false);
    expect(mayAllowSome(one({ namespaces: ['a'] }), { resource: 'connections', operation: 'read', namespace: 'a' }, 'connection')).toBe(
      true,
    );
  });

  it('never refuses what isAllowed would allow for some connection', () => {
    const chain: Chain = [[{ metadata: [{ team: 'x' }] }], [{ namespaces: ['demo'], operations: ['read', 'write'] }]];
    const request = { ...readDemo, connection: connection('c', { team: 'x' }) };
    expect(isAllowed(chain, request)).toBe(true);
    expect(mayAllowSome(chain, readDemo, 'connection')).toBe(true);
  });
});

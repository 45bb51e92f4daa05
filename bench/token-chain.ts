/**
 * The policies of the token row of `npm run bench` (and of bench/api-cpu.ts and
 * bench/token-header.ts, which seed the same server): a chain of three tokens, each policy with
 * three constraints of which only the last grants the request, so each link checks all three.
 * Minted in order, each link with the one before it (the first with the API key).
 */
export const tokenChain = [1, 2, 3].map((link) => [
  { resources: 'servers', operations: 'read' },
  { namespaces: [`other-${link}`, 'elsewhere'], resources: 'connections' },
  {
    namespaces: ['bench', `other-${link}`],
    resources: 'connections',
    operations: ['read', 'write'],
    metadata: [{ team: 'growth' }, { team: 'core' }],
    ttl: '24h',
  },
]);

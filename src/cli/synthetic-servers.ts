import type { HttpProfile } from '../domain/connection.js';
import { createSeededRandom, type RandomSource } from '../domain/random.js';
import { toOwnerId, toRegistryId } from '../domain/registry-record.js';
import { toQualityScore, type RegistryEntry, type ToolDefinition } from '../domain/registry.js';
import {
  syntheticAudiences,
  syntheticFeatures,
  syntheticQualifiers,
  syntheticSyllables,
  syntheticTopics,
  type SyntheticTopic,
} from './synthetic-words.js';

const firstDay = Date.parse('2024-11-21T00:00:00.000Z');
const lastDay = Date.parse('2026-06-15T00:00:00.000Z');
/** Topic weights fall as 1/rank^0.8: the first topic lands in ~15% of entries, the last in ~1%. */
const topicWeights = syntheticTopics.map((_, rank) => 1 / (rank + 1) ** 0.8);
const readOnlyVerbs = new Set(['list', 'search', 'get', 'read', 'find', 'fetch', 'describe', 'inspect', 'query', 'look up', 'recall']);

/**
 * Made-up registry servers for load tests and search benchmarks: realistic names, descriptions
 * built from word lists (a few words in most entries, topic words in 1–10%, a long tail of rare
 * ones), heavy-tailed popularity, some verified, about a third with 1–5 tools. The same count and
 * seed always give byte-identical output, and every qualifiedName (`@synthetic-<owner>/<name>`)
 * is unique.
 *
 * @example
 *   const servers = createSyntheticServers(3500, { seed: 'bench' });
 */
export function createSyntheticServers(count: number, options: { seed: string }): RegistryEntry[] {
  const draw = createDraw(createSeededRandom(`synthetic-servers:${options.seed}`));
  const owners = createOwners(draw, Math.max(8, Math.ceil(count / 4)));
  const taken = new Set<string>();
  return Array.from({ length: count }, () => createServer(draw, owners, taken));
}

interface Draw {
  /** Uniform in [0, 1). */
  unit(): number;
  /** Uniform integer in [0, size). */
  below(size: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
}

/**
 * Draws from sfc32 seeded with 16 bytes of `random`: SHA-256 for every draw (what the seeded
 * source does) made 100,000 servers take seconds, and the output only has to be repeatable.
 */
function createDraw(random: RandomSource): Draw {
  const seed = new DataView(random(16).buffer);
  let [a, b, c, d] = [seed.getUint32(0), seed.getUint32(4), seed.getUint32(8), seed.getUint32(12)];
  const unit = () => {
    const sum = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + sum) | 0;
    return (sum >>> 0) / 2 ** 32;
  };
  const below = (size: number) => Math.floor(unit() * size);
  return { unit, below, pick: (list) => list[below(list.length)]!, chance: (probability) => unit() < probability };
}

function pickWeighted(draw: Draw, weights: readonly number[]): number {
  let left = draw.unit() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, weight] of weights.entries()) if ((left -= weight) < 0) return index;
  return weights.length - 1;
}

function createOwners(draw: Draw, size: number): string[] {
  const owners = new Set<string>();
  while (owners.size < size) {
    const handle = Array.from({ length: 2 + draw.below(2) }, () => draw.pick(syntheticSyllables)).join('');
    owners.add(owners.has(handle) ? `${handle}${owners.size}` : handle);
  }
  return [...owners];
}

function createServer(draw: Draw, owners: readonly string[], taken: Set<string>): RegistryEntry {
  const topic = syntheticTopics[pickWeighted(draw, topicWeights)]!;
  const service = draw.pick(topic.services);
  // Squaring favours the first owners, so some own many servers and most own one or two.
  const owner = owners[Math.floor(draw.unit() ** 2 * owners.length)]!;
  const brand = Array.from({ length: 2 + draw.below(2) }, () => draw.pick(syntheticSyllables)).join('');
  const namespace = `synthetic-${owner}`;
  const slug = uniqueSlug(`${namespace}/`, proposeSlug(draw, service, topic, brand), taken);
  const qualifiedName = `@${namespace}/${slug}`;
  const useCount = draw.chance(0.55) ? 0 : Math.min(450_000, Math.floor(2 / (1 - draw.unit()) ** (1 / 0.9)) - 1);
  const listing = {
    description: draw.chance(0.02) ? '' : createDescription(draw, topic, titleCase(service), brand),
    iconUrl: draw.chance(0.12) ? `https://icons.example.com/${owner}/${slug}.png` : '',
    verified: draw.chance(useCount > 1000 ? 0.35 : 0.05),
    useCount,
  };
  const remoteUrl = draw.chance(0.12) ? `https://${slug}.${owner}.example.com/mcp` : null;
  const hasRepository = draw.chance(0.45);
  return {
    id: toRegistryId(qualifiedName),
    qualifiedName,
    namespace,
    slug,
    displayName: titleCase(slug),
    ...listing,
    remote: remoteUrl !== null,
    isDeployed: remoteUrl !== null,
    createdAt: new Date(firstDay + Math.floor(Math.sqrt(draw.unit()) * (lastDay - firstDay))).toISOString(),
    homepage: hasRepository ? `https://github.com/${owner}/${slug}` : `https://smithery.ai/server/${qualifiedName}`,
    byPlatform: false,
    owner: toOwnerId(namespace),
    repoOwner: hasRepository ? owner : null,
    repoName: hasRepository ? slug : null,
    remoteUrl,
    deploymentUrl: remoteUrl ?? `https://server.smithery.ai/${namespace}/${slug}/mcp`,
    serverInfo: { name: slug, version: `${draw.below(3)}.${draw.below(10)}.${draw.below(20)}` },
    config: createConfig(draw, titleCase(service)),
    tools: draw.chance(0.35) ? createTools(draw, topic, titleCase(service)) : [],
    resources: [],
    prompts: [],
    quality: toQualityScore(listing),
    security: draw.chance(0.2) ? { scanPassed: draw.chance(0.9) } : null,
  };
}

function proposeSlug(draw: Draw, service: string, topic: SyntheticTopic, brand: string): string {
  const noun = draw.pick(topic.nouns).replaceAll(' ', '-');
  const forms = [
    `${service}-mcp`,
    `mcp-${service}`,
    `${service}-mcp-server`,
    `${service}-${noun}`,
    brand,
    `${brand}-${service}`,
    `mcp-server-${service}`,
  ];
  return forms[draw.below(forms.length)]!;
}

function uniqueSlug(prefix: string, slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let suffix = 2; taken.has(`${prefix}${candidate}`); suffix++) candidate = `${slug}-${suffix}`;
  taken.add(`${prefix}${candidate}`);
  return candidate;
}

function createDescription(draw: Draw, topic: SyntheticTopic, service: string, brand: string): string {
  const [verb, otherVerb] = [draw.pick(topic.verbs), draw.pick(topic.verbs)];
  const [things, otherThings] = [plural(draw.pick(topic.nouns)), plural(draw.pick(topic.nouns))];
  const audience = draw.pick(syntheticAudiences);
  const qualifier = draw.pick(syntheticQualifiers);
  const templates = [
    () => `MCP server for ${service}: ${verb} ${things} and ${otherVerb} ${otherThings} from ${audience}.`,
    () =>
      `Connects ${audience} to ${service}. Lets a model ${verb} ${things}, ${otherVerb} ${otherThings} and more through the Model Context Protocol.`,
    () => `${capitalize(qualifier)} MCP server that wraps the ${service} API to ${verb} ${things}.`,
    () => `${capitalize(brand)} gives ${audience} ${qualifier} access to ${service} ${things} through MCP tools.`,
    () => `${service} tools for MCP.`,
    () => `A ${qualifier} Model Context Protocol server for ${things} in ${service}, with tools to ${verb} and ${otherVerb} them.`,
  ];
  const text = templates[draw.below(templates.length)]!();
  if (!draw.chance(0.45)) return text;
  const [feature, otherFeature] = [draw.pick(syntheticFeatures), draw.pick(syntheticFeatures)];
  return draw.chance(0.5)
    ? `${text} Supports ${feature} and ${otherFeature}.`
    : `${text} Built for ${draw.pick(syntheticAudiences)}; handles ${feature}.`;
}

function createConfig(draw: Draw, service: string): HttpProfile {
  const roll = draw.unit();
  if (roll < 0.1)
    return {
      headers: { Authorization: { label: `${service} API key`, description: `Bearer token for the ${service} API`, required: true } },
    };
  if (roll < 0.15) return { query: { apiKey: { label: `${service} API key`, required: true } } };
  return {};
}

function createTools(draw: Draw, topic: SyntheticTopic, service: string): ToolDefinition[] {
  const tools = new Map<string, ToolDefinition>();
  const wanted = 1 + draw.below(5);
  for (let attempt = 0; tools.size < wanted && attempt < wanted * 4; attempt++) {
    const [verb, noun] = [draw.pick(topic.verbs), draw.pick(topic.nouns)];
    const object = verb === 'list' || verb === 'search' ? plural(noun) : noun;
    const name = `${verb}_${object}`.replaceAll(' ', '_').replaceAll('-', '_');
    if (tools.has(name)) continue;
    const parameters = topic.parameters.filter(() => draw.chance(0.6));
    const chosen = parameters.length > 0 ? parameters : topic.parameters.slice(0, 1);
    const properties = Object.fromEntries(
      chosen.map(([parameter, type]) => [
        parameter,
        { type, description: `${capitalize(parameter.replaceAll('_', ' '))}`, ...(type === 'integer' ? { minimum: 0 } : {}) },
      ]),
    );
    tools.set(name, {
      name,
      description: `${capitalize(verb)} ${object} in ${service}.`,
      inputSchema: { type: 'object', properties, required: [chosen[0]![0]] },
      annotations: { readOnlyHint: readOnlyVerbs.has(verb) },
    });
  }
  return [...tools.values()];
}

function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `google-maps-mcp` → `Google Maps MCP`. */
function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((word) => (word === 'mcp' ? 'MCP' : capitalize(word)))
    .join(' ');
}

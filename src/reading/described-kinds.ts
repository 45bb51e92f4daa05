/**
 * Records of a kind a server keeps under one generic type: where a type's tools take a `kind`
 * argument whose description gives the kinds by example (`examples of valid kind are: Pod,
 * Service, Deployment, Ingress`), `Deployment web in namespace shop has 3 replicas` seeds a record
 * of that type named `web`, of kind `Deployment`, with the API version the tools pair with the kind
 * (`apps/v1 Deployment`), under the parent its sentence names, and with what it counts of a thing
 * the server keeps no type of (`replicas: 3`). A kind that is a type of its own (`Pod`, `Node`) is
 * read by the type's own words. Only a name spelled as a key (`web`, `api-5d2e`) after the kind's
 * word is read. Pure.
 */
import type { Mention, SeededWorld } from './described-holdings.js';
import { toSingular } from './entity-words.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes' | 'idTraitsOf'>;
type Properties = Record<string, { description?: unknown }>;

const counts: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** Words after a kind's word that are the sentence going on, not a name. */
const notNames = new Set(['in', 'of', 'on', 'is', 'has', 'with', 'and', 'the', 'a', 'an', 'that', 'which', 'runs', 'named', 'called']);

/**
 * The records of the kinds the sentences name, seeded.
 *
 * @example
 *   seedKinds(model, world, ['Deployment web in namespace shop has 3 replicas.']);
 *   // a resource { name: 'web', kind: 'Deployment', apiVersion: 'apps/v1', replicas: 3 }
 */
export function seedKinds(model: Model, world: SeededWorld, sentences: readonly string[]): Mention[] {
  const mentions: Mention[] = [];
  for (const type of model.entityTypes.keys()) {
    const kinds = toKinds(model, type);
    if (kinds === null) continue;
    const label = model.idTraitsOf(type).nameField;
    sentences.forEach((sentence, index) => {
      for (const [kind, version] of kinds.examples) {
        const match = new RegExp(String.raw`(?<![\w/.-])${kind}\s+([a-z0-9][a-z0-9.-]*[a-z0-9]|[a-z0-9])(?![\w/.-])`, 'i').exec(sentence);
        const name = match?.[1];
        if (name === undefined || notNames.has(name.toLowerCase()) || world.entities[type]?.[name]) continue;
        // `resources_get(kind, name)`: the name goes to the type's name field and to the `name` its tools find it by.
        const fields: Record<string, unknown> = { [label]: name, ...(kinds.byName ? { name } : {}), [kinds.kindArgument]: kind };
        if (version !== undefined && kinds.versionArgument !== undefined) fields[kinds.versionArgument] = version;
        // `has 3 replicas`: a count of a thing the server keeps no type of is a number of the record's.
        const counted = /\bhas\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+([a-z]+s)\b/i.exec(sentence.slice(match!.index));
        if (counted && !model.entityTypes.has(toSingular(counted[2]!.toLowerCase())))
          fields[counted[2]!.toLowerCase()] = counts[counted[1]!.toLowerCase()] ?? Number(counted[1]);
        (world.entities[type] ??= {})[name] = fields;
        world.seeded.set(type, (world.seeded.get(type) ?? new Map<string, string>()).set(name, name));
        mentions.push({ type, fields, where: [index] });
      }
    });
  }
  return mentions;
}

/**
 * The kinds a type's tools give by example, each with the API version they pair it with, and the arguments kind and
 * version go to; null where no tool of the type takes a kind.
 */
function toKinds(
  model: Model,
  type: string,
): { kindArgument: string; versionArgument: string | undefined; byName: boolean; examples: [string, string | undefined][] } | null {
  const tools = model.tools.filter((tool) => model.shapes.get(tool.name)?.entity === type);
  for (const tool of tools) {
    const properties = (tool.inputSchema.properties ?? {}) as Properties;
    const kindArgument = Object.keys(properties).find((name) => name.toLowerCase() === 'kind');
    const described = kindArgument === undefined ? undefined : properties[kindArgument]?.description;
    if (kindArgument === undefined || typeof described !== 'string') continue;
    const listed = /\b(?:examples?|e\.g\.|such as|like|include)\b[^:]*:?\s*([^()]+)/i.exec(described)?.[1] ?? '';
    const kinds = [...listed.matchAll(/\b([A-Z][A-Za-z]+)\b/g)].map((found) => found[1]!);
    if (kinds.length < 2) continue;
    const versionArgument = Object.keys(properties).find((name) => /^api_?version$/i.test(name));
    const texts = tools.map((candidate) => candidate.description ?? '').join('\n');
    const examples = kinds
      .filter((kind) => !model.entityTypes.has(kind.toLowerCase()))
      .map((kind): [string, string | undefined] => [
        kind,
        new RegExp(String.raw`(?:^|[\s,(:])((?:[a-z0-9.-]+/)?v\d\w*)\s+${kind}\b`).exec(texts)?.[1],
      ]);
    const byName = tools.some((candidate) => Object.hasOwn(candidate.inputSchema.properties ?? {}, 'name'));
    return { kindArgument, versionArgument, byName, examples };
  }
  return null;
}

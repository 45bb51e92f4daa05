/**
 * A record described by the ordered parts it holds: `Sales pipeline: Lead, Qualified, Proposal,
 * Won.` is the pipeline "Sales" with four stages, where the type's writes take a list of objects
 * with names (`create_pipeline(stages: "Array of stage objects with name and position")`). CRMs
 * keep deal pipelines so (GoHighLevel, HubSpot, Pipedrive), boards their columns, workflows their
 * steps. Each part gets an id in its own type's format (the `pipeline_stage` a deal's
 * `pipelineStageId` names) and its position; a record that names a part in its details (`Deal
 * 'Rooftop solar' …, stage Proposal`) is placed in that part and in the record holding it. Pure.
 */
import type { Mention, SeededWorld } from './described-holdings.js';
import { toParentKeys } from './parent-keys.js';
import { toSingular, toWords } from './entity-words.js';
import { toNewId } from './id-format.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'idSchemasOf' | 'idTraitsOf' | 'tools' | 'shapes'>;
type Schema = { type?: unknown; description?: unknown; items?: { type?: unknown; properties?: Record<string, unknown> } };

/** A type whose records hold ordered named parts: the list field, and the type of the parts (by a child's parent reference). */
interface PartedType {
  type: string;
  field: string;
  partType: string;
}

/**
 * Seeds the records a sentence lists the parts of, and places the seeded records that name a part in it.
 *
 * @example
 *   seedStages(ghlModel, world, ['Sales pipeline: Lead, Won.'], detailsOf);
 *   // world.entities.pipeline: { pipeline_1: { id: 'pipeline_1', name: 'Sales', stages: [{ id: 'pipeline_stage_1', name: 'Lead', position: 0 }, …] } }
 */
export function seedStages(
  model: Model,
  world: SeededWorld,
  sentences: readonly string[],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
): Mention[] {
  const mentions: Mention[] = [];
  for (const parted of toPartedTypes(model)) {
    const word = toWords(parted.type).join(String.raw`[\s_-]+`);
    const label = model.idTraitsOf(parted.type).nameField;
    // `Sales pipeline: Lead, …`, `The Sales pipeline has stages Lead, …`, `Pipeline "Sales": Lead, …`.
    const listed = new RegExp(
      String.raw`^\s*(?:(?:the|our)\s+)?(?:([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})\s+${word}|${word}\s+["“‘]([^"”’]{1,60})["”’])(?:\s+(?:has|with)?\s*[a-z]+)?\s*:\s*(.+?)\.?\s*$`,
      'i',
    );
    sentences.forEach((sentence, index) => {
      const match = listed.exec(sentence);
      const name = match?.[1] ?? match?.[2];
      if (!match || name === undefined || !/^[A-Z"“‘]/.test(sentence.trim().replace(/^(?:the|our)\s+/i, ''))) return;
      const parts = match[3]!
        .split(/\s*(?:,|;|→|->|>)\s*(?:and\s+)?|\s+and\s+/)
        .filter((part) => /^[\p{L}\d][\p{L}\d '&/-]{0,40}$/u.test(part));
      if (parts.length < 2) return;
      const existing: string[] = [];
      const partIds = parts.map(() => {
        const id = toNewId({
          type: parted.partType,
          existing,
          numeric: false,
          field: 'id',
          ...model.idSchemasOf(parted.partType),
          args: {},
          seed: `text|${parted.partType}`,
        });
        existing.push(id);
        return id;
      });
      const id = world.newId(parted.type);
      const fields = {
        [model.entityTypes.get(parted.type)?.idField ?? 'id']: id,
        [label]: name,
        [parted.field]: parts.map((part, position) => ({ id: partIds[position], name: part, position })),
      };
      (world.entities[parted.type] ??= {})[id] = fields;
      world.seeded.set(parted.type, (world.seeded.get(parted.type) ?? new Map<string, string>()).set(name, id));
      mentions.push({ type: parted.type, fields, where: [index] });
    });
    placeInParts(model, world, parted, detailsOf);
  }
  return mentions;
}

/** Types whose creates or updates take a list of named objects (`stages`) that a child of another type names by id. */
function toPartedTypes(model: Model): PartedType[] {
  const found: PartedType[] = [];
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (!shape || (shape.operation !== 'create' && shape.operation !== 'update') || found.some(({ type }) => type === shape.entity))
      continue;
    for (const [field, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, Schema>)) {
      if (!([] as unknown[]).concat(schema.type ?? []).includes('array') || !/s$/.test(field)) continue;
      const named = Object.hasOwn(schema.items?.properties ?? {}, 'name') || /\bnames?\b/i.test(String(schema.description ?? ''));
      if (!named || schema.items?.type === 'string') continue;
      // `stages` → the `pipeline_stage` a deal's `pipelineStageId` names: a parent type whose last word is the field's singular.
      const part = toSingular(field.toLowerCase());
      const partType = [...model.entityTypes.values()]
        .flatMap((entity) => entity.parents)
        .find((parent) => toWords(parent.type).at(-1) === part)?.type;
      if (partType !== undefined) found.push({ type: shape.entity, field, partType });
    }
  }
  return found;
}

/** `…, stage Proposal`: a seeded record whose details name a part is placed in it, and in the record that holds the part. */
function placeInParts(model: Model, world: SeededWorld, parted: PartedType, detailsOf: ReadonlyMap<Record<string, unknown>, string>): void {
  const holders = Object.values(world.entities[parted.type] ?? {});
  const partWord = toWords(parted.partType).at(-1)!;
  for (const [type, records] of Object.entries(world.entities)) {
    const keys = toParentKeys(model, type);
    const partKeys = keys.find((key) => key.type === parted.partType);
    if (partKeys === undefined) continue;
    const holderKeys = keys.find((key) => key.type === parted.type);
    for (const fields of Object.values(records)) {
      const named = new RegExp(
        String.raw`(?:^|[,;]\s*)(?:in\s+)?(?:the\s+)?${partWord}\s*:?\s+["“‘]?([^,;"”’]+?)["”’]?\s*(?:$|[,;])`,
        'i',
      ).exec(detailsOf.get(fields) ?? '')?.[1];
      if (named === undefined) continue;
      for (const holder of holders) {
        const parts = (holder[parted.field] ?? []) as { id: string; name: string }[];
        const part = parts.find((candidate) => candidate.name.toLowerCase() === named.toLowerCase());
        if (part === undefined) continue;
        for (const argument of partKeys.idArguments) fields[argument] ??= part.id;
        for (const argument of holderKeys?.idArguments ?? [])
          fields[argument] ??= holder[model.entityTypes.get(parted.type)?.idField ?? 'id'];
        break;
      }
    }
  }
}

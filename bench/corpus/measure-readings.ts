/**
 * How the simulator reads one labelled corpus server, tool by tool, against its labels: the kind
 * (measure-kind.ts), the entity (after light normalisation: case, separators, a plural, the
 * service's name as a prefix), and the id and parent arguments where the label names them. Pure:
 * it reads the same service model the simulator answers from (`readServer` with the server's names).
 */
import { toSingular, toWords } from '../../src/reading/entity-words.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toServiceWords } from '../../src/reading/tool-name.js';
import { readServer } from '../../src/reading/read-server.js';
import type { ServerCorrections } from './corrections.js';
import { toUnwrappedTools } from '../../src/reading/envelope-arguments.js';
import { toParentReferences } from '../../src/reading/tool-parents.js';
import { toLabelKinds, type CorpusLabels } from './corpus-files.js';
import { toReadKinds } from './measure-kind.js';

/** Counts of one server's readings: each `…Right` of its `…s` (tools labelled with one). */
export interface ReadingFigures {
  tools: number;
  kindsRight: number;
  entities: number;
  entitiesRight: number;
  idArguments: number;
  idArgumentsRight: number;
  parentArguments: number;
  parentArgumentsRight: number;
  failures: string[];
}

/**
 * Compares the simulator's reading of every tool with its label. `serverNames` are the names the
 * mock connection gives the inference (the registry name and the display name).
 *
 * @example
 *   measureReadings(tools, labels, ['@stripe/mcp', 'Stripe']); // { tools: 22, kindsRight: 20, ..., failures: ['create_invoice_item: entity read as item, labelled invoice_item'] }
 */
export function measureReadings(
  tools: readonly ToolDefinition[],
  labels: CorpusLabels,
  serverNames: readonly string[],
  corrections?: ServerCorrections,
): ReadingFigures {
  const model = readServer(tools, { serverNames, corrections: corrections?.tools, entities: corrections?.entities });
  const { shapes } = model;
  const serviceWords = toServiceWords(serverNames);
  const figures: ReadingFigures = {
    tools: 0,
    kindsRight: 0,
    entities: 0,
    entitiesRight: 0,
    idArguments: 0,
    idArgumentsRight: 0,
    parentArguments: 0,
    parentArgumentsRight: 0,
    failures: [],
  };
  // A label may name the envelope an argument sits in (`path` of `get_room(path: {room_id})`): the reader's argument inside it is that one.
  const envelopes = toUnwrappedTools(tools).envelopes;
  const inEnvelope = (tool: ToolDefinition, labelled: string, read: string | null | undefined) =>
    read != null &&
    (envelopes.get(tool.name)?.includes(labelled) ?? false) &&
    Object.hasOwn(envelopeProperties(tools, tool.name, labelled), read);
  const names = (labelled: string, tool: ToolDefinition, read: string | null | undefined) =>
    labelled.split('|').some((argument) => argument === read || inEnvelope(tool, argument, read));
  // The tools as the reader reads them (an envelope's arguments in its place, envelope-arguments.ts), as the simulator finds parents.
  for (const tool of model.tools) {
    const label = labels.tools[tool.name];
    if (!label) {
      figures.failures.push(`${tool.name}: no label`);
      continue;
    }
    const shape = shapes.get(tool.name)!;
    const read = toReadKinds(model, tool.name);
    const wanted = toLabelKinds(label);
    figures.tools++;
    if (read.some((kind) => wanted.includes(kind))) figures.kindsRight++;
    else
      figures.failures.push(`${tool.name}: kind read as ${read.join(' or ')} (${shape.operation} ${shape.entity}), labelled ${label.kind}`);
    if (label.entity !== undefined) {
      figures.entities++;
      // `a|b`: either reading is fair (the README's rule), for entities and arguments as for kinds.
      if (label.entity.split('|').some((entity) => toEntityKey(shape.entity, serviceWords) === toEntityKey(entity, serviceWords)))
        figures.entitiesRight++;
      else figures.failures.push(`${tool.name}: entity read as ${shape.entity}, labelled ${label.entity}`);
    }
    if (label.idArgument !== undefined) {
      figures.idArguments++;
      if (names(label.idArgument, tool, shape.idArgument)) figures.idArgumentsRight++;
      else figures.failures.push(`${tool.name}: id argument read as ${shape.idArgument ?? 'none'}, labelled ${label.idArgument}`);
    }
    if (label.parentArgument !== undefined) {
      figures.parentArguments++;
      const parents = toParentReferences(tool, shape, shapes).map((reference) => reference.argument);
      if (parents.some((parent) => names(label.parentArgument!, tool, parent))) figures.parentArgumentsRight++;
      else
        figures.failures.push(
          `${tool.name}: parent argument read as ${parents.length > 0 ? parents.join(', ') : 'none'}, labelled ${label.parentArgument}`,
        );
    }
  }
  return figures;
}

/** The properties an envelope argument of a tool wraps, as the server lists the tool. */
function envelopeProperties(tools: readonly ToolDefinition[], toolName: string, envelope: string): Record<string, unknown> {
  const tool = tools.find((candidate) => candidate.name === toolName);
  const schema = (tool?.inputSchema.properties as Record<string, { properties?: Record<string, unknown>; $ref?: string }> | undefined)?.[
    envelope
  ];
  if (schema?.properties) return schema.properties;
  // `body: {anyOf: [...]}` or a `$ref`: what the reader opened, less what the other parts hold.
  const opened = toUnwrappedTools([tool!]).tools[0]!.inputSchema.properties ?? {};
  return opened as Record<string, unknown>;
}

/**
 * An entity name as compared: its words in lower case, the last one singular, without a leading
 * word of the service's name (`stripe_customer` is `customer`), run together (`paymentLink` is
 * `payment_link`).
 *
 * @example
 *   toEntityKey('Stripe_Customers', new Set(['stripe'])); // 'customer'
 */
export function toEntityKey(entity: string, serviceWords: ReadonlySet<string>): string {
  const words = toWords(entity);
  if (words.length > 1 && serviceWords.has(words[0]!)) words.shift();
  if (words.length > 0) words[words.length - 1] = toSingular(words[words.length - 1]!);
  return words.join('');
}

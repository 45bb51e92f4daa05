import { toOperationLabel, type ConnectionExplanation } from '../scenario/scenario-explanation.js';

type EntityType = ConnectionExplanation['entityTypes'][number];

/**
 * The text of `mcpsim explain` and `mcpsim check --explain`: per connection, the service model's
 * entity types (ids and who gives them, the field that names a record, parents, states, unique fields), then per tool what the simulator infers and
 * why, one line per finding, with the kind the simulator answers it as (reading/answer-kind.ts).
 *
 * @example
 *   toExplanationText(explainScenario(scenario));
 *   // triage/tracker (@qa/tracker)
 *   //   type issue
 *   //     id         number: numbers counting up, e.g. 1
 *   //     ids from   the create: its id argument where it takes one, else the service's format
 *   //     named by   title (every record of the type, seeded, described, created or made up)
 *   //     ...
 *   //   get_issue: read issue
 *   //     operation  read: the verb "get" in the name
 *   //     answer     read: a read of the issue in the world
 *   //     ...
 */
export function toExplanationText(connections: readonly ConnectionExplanation[]): string {
  const lines: string[] = [];
  for (const connection of connections) {
    lines.push(connection.connection === connection.server ? connection.server : `${connection.connection} (${connection.server})`);
    for (const [type, names] of Object.entries(connection.described ?? {}))
      lines.push(`  starts with ${type}: ${names.join(', ')} (named in its description)`);
    for (const type of connection.entityTypes) lines.push(...toTypeLines(type));
    for (const tool of connection.tools) {
      lines.push(`  ${tool.tool}: ${toOperationLabel(tool)} ${tool.entity}`);
      lines.push(`    operation  ${tool.operation}: ${tool.why.operation}`);
      if (tool.choices) {
        const values = Object.entries(tool.choices.values).map(([value, meaning]) => `${value} → ${meaning}`);
        lines.push(`    per call   ${tool.choices.argument}: ${values.join(', ')}`);
      }
      lines.push(`    answer     ${tool.kind}: ${tool.why.kind}`);
      lines.push(`    entity     ${tool.entity}: ${tool.why.entity}`);
      lines.push(`    id         ${tool.idArgument ?? 'none'}: ${tool.why.id}`);
      lines.push(
        `    filters    ${tool.filters.length > 0 ? tool.filters.map((filter) => filter.argument).join(', ') : 'none'}: ${tool.why.filters}`,
      );
      lines.push(`    id format  ${tool.nextId === null ? 'no new ids' : `next new id ${tool.nextId}`}: ${tool.why.idFormat}`);
    }
    lines.push('');
  }
  lines.push(
    'A misreading is corrected in the scenario, under tools: (every mock connection) or mock.tools (one), e.g.',
    '  tools: { list_sent: { operation: list, entity: email, id: null } }',
    'and an entity type under entities:, e.g.',
    '  entities: { card: { id: { prefix: crd_ }, parent: { type: list, argument: list_id }, states: [open, archived] } }',
    'See docs/simulator.md, "When it guesses wrong".',
  );
  return `${lines.join('\n')}\n`;
}

/** `counter (counts per parent; read by counter)`: an other key, how its values look, the arguments that take it. */
function toKeyText(key: EntityType['keys'][number]): string {
  const by = key.arguments.length > 0 ? `; named by ${key.arguments.join(', ')}` : '; the service has it';
  return `${key.field} (${keyFormatTexts[key.format]}${by})`;
}

const keyFormatTexts: Readonly<Record<EntityType['keys'][number]['format'], string>> = {
  counter: 'counts up per parent',
  project_key: 'PROJECT-n',
  slug: 'from the name',
  username: 'from the name',
  id: 'an id',
};

/** Why the id field and its type differ from the tool that names the type by id (reading/id-traits.ts). */
function toIdFromText(type: EntityType): string {
  const why = [
    ...(type.idFrom.field === 'service' ? ["the record id field most of the service's types share"] : []),
    ...(type.idFrom.type === 'declared' ? [`as the argument ${type.idField} declares it`] : []),
  ];
  return why.length > 0 ? `; ${why.join(', ')}` : '';
}

function toTypeLines(type: EntityType): string[] {
  const parents = type.parents.map((parent) => `${parent.type} (named by ${parent.argument})`);
  const state = type.state
    ? `${type.state.field}: ${type.state.values.length > 0 ? type.state.values.join(' | ') : 'values not shown'}${
        type.state.tools.length > 0 ? `; moved by ${type.state.tools.join(', ')}` : ''
      }`
    : 'none';
  return [
    `  type ${type.name}`,
    `    id         ${type.idField}: ${type.numericId ? 'numbers' : 'strings'}, new ones like ${type.idFormat.example} (${type.idFormat.source})${toIdFromText(type)}`,
    `    ids from   ${type.assignedId ? 'the service: other tools name it by id, so a create named by the caller keeps the name as data' : "the create: its id argument where it takes one, else the service's format"}`,
    `    named by   ${type.nameField} (every record of the type, seeded, described, created or made up)`,
    `    other keys ${type.keys.length > 0 ? type.keys.map(toKeyText).join(', ') : 'none'}`,
    `    parent     ${parents.length > 0 ? parents.join(', ') : 'none'}`,
    `    state      ${state}`,
    `    unique     ${type.unique.length > 0 ? type.unique.join(', ') : 'none'}`,
    `    tools      ${type.tools.join(', ')}`,
  ];
}

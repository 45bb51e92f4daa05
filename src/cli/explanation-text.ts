import { toOperationLabel, type ConnectionExplanation } from '../scenario/scenario-explanation.js';

/**
 * The text of `mcpsim explain` and `mcpsim check --explain`: per connection, per tool, what the
 * simulator infers and why, one line per finding.
 *
 * @example
 *   toExplanationText(explainScenario(scenario));
 *   // triage/tracker (@qa/tracker)
 *   //   get_issue: read issue
 *   //     operation  read: the verb "get" in the name
 *   //     ...
 */
export function toExplanationText(connections: readonly ConnectionExplanation[]): string {
  const lines: string[] = [];
  for (const connection of connections) {
    lines.push(connection.connection === connection.server ? connection.server : `${connection.connection} (${connection.server})`);
    for (const tool of connection.tools) {
      lines.push(`  ${tool.tool}: ${toOperationLabel(tool)} ${tool.entity}`);
      lines.push(`    operation  ${tool.operation}: ${tool.why.operation}`);
      if (tool.choices) {
        const values = Object.entries(tool.choices.values).map(([value, meaning]) => `${value} → ${meaning}`);
        lines.push(`    per call   ${tool.choices.argument}: ${values.join(', ')}`);
      }
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
    'See docs/simulator.md, "When it guesses wrong".',
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Plausible values where the labelled walk does not look: for each labelled entity no walk step
 * acts on, one read or list answer, judged as the walk's answers are (walk-checks.ts). With a
 * create and a read by id, the read of what the create made, under the parents the create named;
 * else a list; else a read with the arguments an agent would make up. Which tools and arguments
 * come from the labels, never from the simulator's reading, so a misreading cannot pick an easier
 * answer to judge. An answer that is an error is listed as not judged and not counted.
 */
import type { ToolDefinition } from '../../src/domain/registry.js';
import { exampleArguments } from '../../test/support/crud-walk.js';
import { answerProblems, collectStrings, findField, type CallTool } from '../walk-checks.js';
import { toLabelKinds, type CorpusLabels, type ToolLabel } from './corpus-files.js';

export interface SampledValues {
  checks: number;
  held: number;
  failures: string[];
}

/**
 * Reads one answer of each entity the walk leaves out and counts the plausible ones.
 *
 * @example
 *   await sampleValues(tools, labels, callTool); // { checks: 9, held: 8, failures: ['coupon (list_coupons): name = "amber willow" is word salad'] }
 */
export async function sampleValues(tools: readonly ToolDefinition[], labels: CorpusLabels, callTool: CallTool): Promise<SampledValues> {
  const sampled: SampledValues = { checks: 0, held: 0, failures: [] };
  const walked = new Set((labels.walk ?? []).map((step) => labels.tools[step.tool]?.entity).filter((entity) => entity !== undefined));
  const byEntity = new Map<string, { tool: ToolDefinition; label: ToolLabel }[]>();
  for (const tool of tools) {
    const label = labels.tools[tool.name];
    if (!label?.entity || walked.has(label.entity)) continue;
    byEntity.set(label.entity, [...(byEntity.get(label.entity) ?? []), { tool, label }]);
  }
  for (const [entity, entries] of byEntity) {
    const find = (...kinds: string[]) => entries.find(({ label }) => toLabelKinds(label).some((kind) => kinds.includes(kind)));
    const create = find('create');
    const read = entries.find(({ label }) => toLabelKinds(label).includes('read') && label.idArgument !== undefined);
    const list = find('list', 'search');
    const chosen = create && read ? read : (list ?? find('read'));
    if (!chosen) continue;
    const given = new Set<string>();
    const args = exampleArguments(chosen.tool, `corpus|${entity}`);
    if (create && chosen === read) {
      const createArgs = exampleArguments(create.tool, `corpus|${entity}|create`);
      collectStrings(createArgs, given);
      // The read names what the create was given (the project, the board, the calendar): a parent made up anew is another parent.
      // Not a value the read's schema refuses: a dispatching pair's `action: "create"` is no action of the read's.
      for (const [name, value] of Object.entries(createArgs))
        if (Object.hasOwn(args, name) && allows(chosen.tool, name, value)) args[name] = value;
      const made = await callTool(create.tool.name, createArgs);
      const id = [read.label.idArgument!, 'id'].map((field) => findField(made.value, field)[0]).find((value) => value != null);
      if (id !== undefined) args[read.label.idArgument!] = id;
    }
    collectStrings(args, given);
    const answer = await callTool(chosen.tool.name, args);
    // An error has no values to judge, and may be right (a read naming a parent an empty world lacks): shown, not counted.
    if (answer.isError) {
      sampled.failures.push(`${entity} (${chosen.tool.name}): not judged, answers an error (${answer.text.slice(0, 160)})`);
      continue;
    }
    const problems = answerProblems(chosen.tool, answer, given);
    sampled.checks++;
    if (problems.length === 0) sampled.held++;
    else sampled.failures.push(`${entity} (${chosen.tool.name}): ${problems.join('; ')}`);
  }
  return sampled;
}

/** Whether `tool`'s input schema lets `argument` take `value`: an enum that lacks it refuses it. */
function allows(tool: ToolDefinition, argument: string, value: unknown): boolean {
  const property = (tool.inputSchema?.properties as Record<string, { enum?: unknown[] }> | undefined)?.[argument];
  return !Array.isArray(property?.enum) || property.enum.includes(value);
}

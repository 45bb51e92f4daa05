import { toListFocus } from './prompt-focus.js';
import { failedCalls, renderHistory } from './prompt-history.js';
import { toNeedles, truncate } from './prompt-needles.js';
import { renderWorld } from './prompt-world.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolCall, ToolCallContext } from '../source/tool-result-source.js';

export { recentEntryCap, relatedEntryCap } from './prompt-history.js';
export { relatedWorldCap, unrelatedEntityCap, unrelatedFactCap } from './prompt-world.js';

/**
 * The prompt that asks a model to answer one mock tool call. Layout and reasons: docs/simulator.md.
 *
 * Sizes are counted in characters and reported as tokens estimated as `ceil(chars / 4)` (close to
 * what OpenAI tokenizers give for English and JSON; no tokenizer dependency, and deterministic).
 * The whole text (system + prompt) stays within `budgetTokens` (never below `minimumBudgetTokens`).
 */
export interface PromptOptions {
  budgetTokens: number;
  /** A last word for the model, e.g. why its previous answer was rejected (counted in the budget, capped at 5%). */
  note?: string;
}

export interface BuiltPrompt {
  system: string;
  prompt: string;
  stats: { estimatedTokens: number; historyIncluded: number; historyTotal: number };
}

export const defaultBudgetTokens = 4000;
/** Smaller budgets are raised to this: the instructions and the capped tool description need about that much. */
export const minimumBudgetTokens = 2000;
/** Shares of the budget (in characters) that bound each part, so no part crowds out the others. */
const shares = {
  serverDescription: 0.05,
  toolDescription: 0.05,
  inputSchema: 0.1,
  outputSchema: 0.1,
  scenario: 0.15,
  arguments: 0.1,
  note: 0.05,
  world: 0.3,
  listWorld: 0.45,
  history: 0.3,
  otherScenarios: 0.08,
};

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

const system = `You simulate one MCP server for a test environment. You receive the server, the tool, a scenario describing the world the server lives in, the current world state, earlier calls, and one tool call. Answer that call exactly as the real server would.

Rules:
1. Behave like the real server: same kind of data, formats, field names and error texts it would produce, in the scenario's world. Never mention simulation.
2. Stay consistent with the world state and earlier results: reuse their ids, names and values, never contradict them. The world state is the truth now; it may omit entities unrelated to this call (their ids are listed as omitted). An earlier result marked [superseded] shows entities as they were before later changes: take their current fields from the world state. A call marked [injected fault] failed because a test injected the failure: it says nothing about the server and changed nothing.
3. An id or name the world and earlier calls do not know is unknown: answer with isError true and the error text the real server gives for a missing item, unless the scenario implies that such data exists (then invent it plausibly and record it in changes).
4. Invent realistic data where the world says nothing (no placeholders like "foo" or "example"). New ids must not collide with existing ones.
5. text is what the server returns as text content (often JSON text). When the tool has an outputSchema and the call succeeds, structuredContentJson is the JSON text of an object valid against it and text carries the same data; otherwise structuredContentJson is null.
6. changes lists what this call changes or reveals in the world: upserts (type, id, fieldsJson: JSON text of the entity's fields; a null field removes it) for every entity it creates, modifies or shows for the first time, deletes for entities it removes, and facts as short sentences. Read-only calls that reveal nothing new have empty changes. Failed calls change no entity; they may add a fact (e.g. that an id does not exist).
7. A list or search answers with every entity of the world state that matches the call's arguments (and any the prompt says were left out for space), with their fields as the world state has them.`;

type Call = ToolCall & { context: ToolCallContext };

/**
 * Builds the system text and prompt for one call, within the token budget.
 *
 * @example
 *   const { system, prompt, stats } = buildPrompt(call, { budgetTokens: 4000 });
 *   await generateText({ model, system, prompt, output: Output.object({ schema: modelOutputSchema }) });
 */
export function buildPrompt(call: Call, options: PromptOptions): BuiltPrompt {
  const { context } = call;
  const budgetChars = Math.max(options.budgetTokens, minimumBudgetTokens) * 4;
  const cap = (text: string, share: number) => truncate(text, Math.floor(budgetChars * share));
  const tool = context.toolDefinition;
  const needles = toNeedles(call.arguments);

  // What every call of the connection shares comes first (server, scenario), then the tool: a
  // provider's prompt cache reuses the longest common prefix, so it grows by the scenario.
  const header = [
    `# Server\n${context.serverName} (${call.server})\n${cap(context.serverDescription || '(no description)', shares.serverDescription)}`,
    `# Scenario\n${context.scenario ? cap(context.scenario, shares.scenario) : '(none: the server holds realistic, plausible data of its kind)'}${renderOtherScenarios(context, Math.floor(budgetChars * shares.otherScenarios))}`,
    toolSection(tool, budgetChars),
  ].join('\n\n');
  const sequence = call.sequence ?? context.history.length + 1;
  const madeBefore = call.occurrence > 1 ? answeredBefore(call, context) : 0;
  const repeat =
    madeBefore > 0
      ? ` (made before, ${madeBefore} ${madeBefore === 1 ? 'time' : 'times'}; the world may have changed since, so answer from the World state as it is now, not by repeating an earlier answer)`
      : '';
  const now = context.now ? `\n\n# Now\n${context.now} (the server's clock: "today", "now" and new timestamps are relative to it)` : '';
  const note = options.note ? `\n\n# Note\n${cap(options.note, shares.note)}` : '';
  const callSection = `# This call\ncall #${sequence}${repeat}: ${tool.name} ${cap(call.argumentsKey, shares.arguments)}${now}${note}`;

  const worldTitle =
    '# World state\nEntities by type then id, and facts (compact JSON, chosen for this call: what it mentions, then facts, then the newest entities):\n';
  const historyTitle = '# Earlier calls\n';
  const separators = 4 * 2;
  const remaining = budgetChars - system.length - header.length - callSection.length - worldTitle.length - historyTitle.length - separators;
  // A list's answer is the world's entities: it gets more of the budget, the history less.
  const focus = toListFocus({
    tool,
    serverTools: context.serverTools,
    toolOverrides: context.toolOverrides,
    serverNames: [call.server, context.serverName],
    arguments: call.arguments,
    world: context.world,
  });
  const worldShare = focus ? shares.listWorld : shares.world;
  const world = renderWorld(context.world, needles, clamp(Math.min(budgetChars * worldShare, remaining * (focus ? 0.8 : 0.6))), focus);
  const history = renderHistory(
    context.history,
    needles,
    clamp(Math.min(budgetChars * shares.history, remaining - world.length)),
    context.world,
    call.connectionId,
  );

  const prompt = [header, worldTitle + world, historyTitle + history.text, callSection].join('\n\n');
  return {
    system,
    prompt,
    stats: { estimatedTokens: estimateTokens(system + prompt), historyIncluded: history.included, historyTotal: context.history.length },
  };
}

const clamp = (chars: number) => Math.max(0, Math.floor(chars));

/** The tool's section, the same on every call of the tool: worked out once per tool definition and budget. */
const toolSections = new WeakMap<ToolDefinition, { budgetChars: number; text: string }>();

function toolSection(tool: ToolDefinition, budgetChars: number): string {
  const cached = toolSections.get(tool);
  if (cached?.budgetChars === budgetChars) return cached.text;
  const cap = (text: string, share: number) => truncate(text, Math.floor(budgetChars * share));
  const text = `# Tool\nname: ${tool.name}\ndescription: ${cap(tool.description ?? '(none)', shares.toolDescription)}\ninputSchema: ${cap(JSON.stringify(tool.inputSchema), shares.inputSchema)}\noutputSchema: ${
    tool.outputSchema ? cap(JSON.stringify(tool.outputSchema), shares.outputSchema) : 'none (structuredContentJson must be null)'
  }`;
  toolSections.set(tool, { budgetChars, text });
  return text;
}

/**
 * In a shared world, what the other connections' scenarios say (their calls are in the history and
 * their entities in the world), each cut to its share of `budget`.
 */
function renderOtherScenarios(context: ToolCallContext, budget: number): string {
  const others = context.otherScenarios?.() ?? [];
  if (others.length === 0) return '';
  const each = Math.floor(budget / others.length);
  const lines = others.map(
    ({ connectionId, scenario }) =>
      `- ${connectionId}: ${truncate(scenario.replace(/\s*\n\s*/g, ' '), Math.max(0, each - connectionId.length - 4))}`,
  );
  return `\nThis connection shares its world with others; their scenarios:\n${lines.join('\n')}`;
}

/**
 * How often the same call was answered before: its occurrence counts every earlier one (fixtures
 * are keyed by it), but mcpsim's own failures (`simulator-error`, `cancelled`, a miss) were no
 * answer of the server's and are not counted (the history's index keeps them by call).
 */
function answeredBefore(call: Call, context: ToolCallContext): number {
  return Math.max(0, call.occurrence - 1 - failedCalls(context.history, call.tool, call.argumentsKey));
}

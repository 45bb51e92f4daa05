/**
 * A part of a thing is named with its owner (`pipeline_step`, `list_entry`, `webhook_delivery`):
 * nouns such as `entry`, `step` or `status` say what a thing is to its owner, not what kind of
 * thing it is, so services write them after the owner's word and the labels keep the pair. Where
 * the reading of a name leaves such a noun alone (the owner taken off as a scope), no tool of the
 * server names it alone, and no other rule read the tool as acting on its owner (`get_dashboard_summary`
 * reads a dashboard, aspect-owner.ts), the owner's words go back in front of it. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/** What the server's tools say about entities (the part of `EntityContext` this rule reads). */
export interface PartContext {
  entities: ReadonlySet<string>;
  ownersOf(tail: string): ReadonlySet<string>;
  /** Each tool's entity words as its name reads (no verb, no server prefix), singular, short forms spelled out. */
  nameWords: ReadonlyMap<string, readonly string[]>;
  /** The server's tools by name. */
  tools: ReadonlyMap<string, ToolDefinition>;
}

/**
 * The compound a bare part noun stands for in the tool's name, or null.
 *
 * @example
 *   toPartOwner({ ...shape, entity: 'step' }, getPipelineSteps, context); // 'pipeline_step'
 *   toPartOwner({ ...shape, entity: 'note' }, listDocumentNotes, context); // null: a note is a kind of thing
 */
export function toPartOwner(shape: ToolShape, tool: ToolDefinition, context: PartContext): string | null {
  const part = shape.entity;
  if (shape.dispatch || !partNouns.has(part)) return null;
  // The words right before the part in the names that have an owner before it (`list` of `update-list-entry`).
  const owners = new Set([...context.nameWords.values()].flatMap((name) => name.slice(0, -1).filter((_, at) => name[at + 1] === part)));
  const ownerBefore = (tool: ToolDefinition) => {
    const raw = toWords(tool.name).map((word) => toFullWord(toSingular(word)));
    const at = raw.lastIndexOf(part);
    return at > 0 && owners.has(raw[at - 1]!) ? raw[at - 1]! : null;
  };
  // `get_step(step_id)` beside `get_pipeline_step`: a name whose entity is the part with no owner
  // before it names it alone. A verb that is also an owner's word (`get-list-entries`) is the owner.
  const alone = [...context.nameWords].some(([name, words]) => words[0] === part && ownerBefore(context.tools.get(name)!) === null);
  if (alone) return null;
  const words = context.nameWords.get(tool.name) ?? [];
  const at = words.lastIndexOf(part);
  const before = at > 0 ? words.slice(0, at) : [ownerBefore(tool)].filter((word) => word !== null);
  if (before.length === 0) return null;
  const runs = [...before.keys()].reverse().map((start) => before.slice(start).join('_'));
  // A word two owners share is the owner's own noun (`webhook` of `organization_webhook_delivery`);
  // else the longest run that is another tool's entity (`merge_request`); else the word before.
  const owner =
    runs.find((run) => context.ownersOf(run).size >= 2) ??
    [...runs].reverse().find((run) => context.entities.has(run)) ??
    before[before.length - 1]!;
  return `${owner}_${part}`;
}

/** Whether a noun names a thing by its place in an owner (`entry`, `step`): such a noun keeps its owner. */
export function isPartNoun(word: string): boolean {
  return partNouns.has(word);
}

/**
 * Nouns that name a thing by its place in an owner: an entry of a list, a step of a pipeline. Not
 * `member`: a service's project members are as often its users (`member`) as a type of their own.
 */
const partNouns = new Set([
  'entry',
  'step',
  'value',
  'option',
  'status',
  'version',
  'column',
  'config',
  'configuration',
  'delivery',
  'summary',
  'submission',
]);

/**
 * `convert(value, from, to)` "Convert between units", `hash(input)` "Compute hash or HMAC of a string",
 * `bounding_box_tool(geojson)` "Calculates bounding box of given GeoJSON": a calculator names no thing it keeps, and
 * its description opens with the verb of what it works out (compute, calculate, convert, evaluate, encode, decode,
 * hash, count, parse, compare). Such a tool stores nothing and answers one value worked out from its arguments, the
 * label rules' `described_value`, whether its name has no verb at all (`math`, `base`) or its annotations make it a read.
 * A tool given an id acts on a thing that exists (`convertTodraft(pull_request_id)`), and one whose first sentence also
 * saves, stores, writes or adds something keeps what it made (`text_to_audio` "Convert text to audio … and save the output").
 *
 * Pure: the same tool and shape give the same answer.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';

/** The first sentence opens with a verb that works a value out. */
const computingOpening = /^(calculate|compute|convert|evaluate|encode|decode|hash|count|parse|compare)(?:s|es)?\b/i;
/** Verbs that keep what was worked out. */
const keepingVerb = /\b(?:save|saves|store|stores|write|writes|upload|uploads|add|adds|create|creates|persist|persists)\b/i;

/**
 * The computing verb a tool's description opens with, where the tool names no thing and keeps nothing, or null.
 *
 * @example
 *   computingVerb({ name: 'convert', description: 'Convert between units.', inputSchema: { type: 'object' } }, { operation: 'other', basis: 'none', idArgument: null }); // 'convert'
 *   computingVerb({ name: 'text_to_audio', description: 'Convert text to audio and save the output.', inputSchema: { type: 'object' } }, { operation: 'other', basis: 'none', idArgument: null }); // null
 */
export function computingVerb(tool: ToolDefinition, shape: Pick<ToolShape, 'operation' | 'basis' | 'idArgument'>): string | null {
  if (shape.idArgument !== null) return null;
  // A read or list its own name's verb makes (`get_distance`) is read by the rules of reads; one only annotations or a description made may compute.
  const computes =
    shape.operation === 'other' || ((shape.operation === 'read' || shape.operation === 'list') && shape.basis === 'annotations');
  if (!computes) return null;
  const sentence = /^[^.\n]*/.exec(tool.description?.trim() ?? '')?.[0] ?? '';
  const verb = computingOpening.exec(sentence)?.[1];
  return verb !== undefined && !keepingVerb.test(sentence) ? verb.toLowerCase() : null;
}

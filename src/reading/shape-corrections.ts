/**
 * A scenario's `tools:` corrections of a tool's shape (`tools: { send_email: { upsert: true } }`),
 * beyond the operation and entity the reading takes from the correction itself.
 */
import type { ToolOverride } from '../domain/tool-override.js';
import type { ToolShape } from './tool-shape.js';

/** A scenario's corrections of what follows from the operation: the id field, the fields an update sets, not-found, upsert. */
export function applyCorrections(shape: ToolShape, override: ToolOverride): void {
  if (override.field !== undefined) shape.idField = override.field;
  if (override.sets !== undefined) shape.sets = override.sets;
  if (override.notFound !== undefined) shape.strict = override.notFound;
  if (override.upsert !== undefined) shape.upsert = override.upsert;
  // An upsert finds nothing missing unless the correction says otherwise.
  if (override.upsert === true && override.notFound === undefined) shape.strict = false;
}

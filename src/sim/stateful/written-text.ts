/**
 * The text a note or comment is written with, kept under the field its service shows it in:
 * `add_note_to_incident(incident_id, note: "Rolled back deploy 311")` answers `{ content: "Rolled
 * back deploy 311" }` where the output schema has `content` and no `note`, as PagerDuty's, Jira's
 * and most services' notes and comments keep their text in a `content`, `body` or `text` field.
 */
import { toFullWord, toWords } from '../../reading/entity-words.js';
import { writtenTextNouns } from '../../reading/tool-id-argument.js';
import { toNormalName } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import { listItemSchema, type AnswerInput } from './world-conventions.js';

const textFields = ['content', 'body', 'text', 'message'];

/**
 * The create's data with the text moved to the schema's text field, or the data as it was.
 *
 * @example
 *   withWrittenText(input, { incident_id: 'Q1', note: 'Rolled back' }); // { incident_id: 'Q1', content: 'Rolled back' }
 */
export function withWrittenText(input: AnswerInput, data: Record<string, unknown>): Record<string, unknown> {
  const noun = toFullWord(toWords(input.shape.entity).at(-1) ?? '');
  if (!writtenTextNouns.has(noun)) return data;
  const key = Object.keys(data).find((name) => toNormalName(name) === noun && typeof data[name] === 'string');
  if (key === undefined) return data;
  const schema = input.tool.outputSchema;
  const record = listItemSchema(schema)?.schema ?? schema;
  const properties = isRecord(record?.properties) ? Object.keys(record.properties) : [];
  if (properties.includes(key)) return data;
  const field = textFields.find((name) => properties.includes(name) && !Object.hasOwn(data, name));
  if (field === undefined) return data;
  const { [key]: text, ...rest } = data;
  return { ...rest, [field]: text };
}

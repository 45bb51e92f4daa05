/**
 * Fields written as a list of name/value pairs, and field names qualified by a namespace. Many
 * APIs take a record's fields as `[{name: 'System.Title', value: '…'}]` rather than as an object
 * (Azure DevOps work items, HubSpot's v1 `properties: [{property, value}]`, Jira's and Dynamics'
 * field lists, Salesforce's `fieldValues`), and many name fields with their namespace in front
 * (`System.State`, `Microsoft.VSTS.Common.Priority`). The pairs are the object they spell, and a
 * qualified name is the field its last part names (`state`, `priority`), so a write sets the
 * record's own fields and a read afterwards shows them. Pure.
 */
import { isRecord } from '../domain/json-record.js';

/** The member of a pair that names the field, as services spell it. */
const nameKeys = ['name', 'field', 'fieldName', 'property', 'key', 'attribute', 'referenceName'];

/**
 * The object a list of name/value pairs spells, with qualified names read as their fields; null
 * for anything else (a list of field names to show, a list of records).
 *
 * @example
 *   toPairObject([{ name: 'System.Title', value: 'Crash' }]); // { title: 'Crash' }
 *   toPairObject(['System.Title']); // null
 */
export function toPairObject(value: unknown): Record<string, unknown> | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const object: Record<string, unknown> = {};
  for (const item of value) {
    if (!isRecord(item) || !Object.hasOwn(item, 'value')) return null;
    const key = nameKeys.find((name) => typeof item[name] === 'string');
    // A pair has its name and value, and little else (`format` of a text field): a record with a `value` field is no pair.
    if (key === undefined || Object.keys(item).length > 3) return null;
    object[toFieldName(item[key] as string)] = item.value;
  }
  return object;
}

/** `System.Title`, `Microsoft.VSTS.Common.Priority`: capitalised parts joined by dots, the last one the field. */
const qualified = /^(?:[A-Z][A-Za-z0-9]*\.)+([A-Z][A-Za-z0-9]*)$/;

/**
 * The field a namespace-qualified name names: its last part, written as a field (`System.AssignedTo`
 * → `assignedTo`); any other name as it is.
 *
 * @example
 *   toFieldName('Microsoft.VSTS.Common.Priority'); // 'priority'
 *   toFieldName('metadata.name'); // 'metadata.name'
 */
export function toFieldName(name: string): string {
  const last = qualified.exec(name)?.[1];
  if (last === undefined) return name;
  return /^[A-Z]+$/.test(last) ? last.toLowerCase() : last[0]!.toLowerCase() + last.slice(1);
}

/**
 * An object's entries with their qualified names read as fields (`{"System.State": "Active"}` →
 * `{state: "Active"}`); the object itself when no name is qualified.
 */
export function withFieldNames(object: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(object).some((name) => qualified.test(name))) return object;
  return Object.fromEntries(Object.entries(object).map(([name, value]) => [toFieldName(name), value]));
}

/**
 * What is left of a scenario once the parts its schema rejects are set aside, so that the checks
 * beyond the schema (scenario-meaning.ts) can run in the same pass and `check` reports every
 * problem at once, not the schema's first and the rest on the next run.
 */
import { valueAt } from '../domain/field-message.js';
import { scenarioSchema, type Scenario } from './scenario-schema.js';
import type { Segment } from './scenario-issues.js';
import { isRecord } from '../domain/json-record.js';

/** Each pass sets aside what the schema rejected; a property set aside may leave a required one missing, hence more than one. */
const maxPasses = 8;

export interface SetAside {
  scenario: Scenario;
  /** A path into `scenario` as the path into the file: array indices shift where items were set aside. */
  toOriginalPath(path: readonly Segment[]): Segment[];
  /** Whether whole array items (a connection, a namespace, a step) were set aside, not only properties. */
  droppedItems: boolean;
  /** Where in the file each part set aside was. */
  setAside: Segment[][];
}

const keyOf = (path: readonly Segment[]) => JSON.stringify(path);

/**
 * Sets aside each property the schema rejects (an unknown key, a value of the wrong type or
 * outside its enum), and the array item around a missing required property, until the schema
 * accepts what remains. Null when that is nothing (the file's root itself is wrong). Pure.
 *
 * @example
 *   const rest = setAsideInvalid(input); // input: the file as YAML parsed it
 *   if (rest) findMeaningProblems(rest.scenario, ...);
 */
export function setAsideInvalid(input: unknown): SetAside | null {
  if (!isRecord(input)) return null;
  const working = structuredClone(input);
  const removed = new Set<string>();
  const setAside: Segment[][] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    const { view, indexMaps } = toView(working, removed);
    const toOriginalPath = (path: readonly Segment[]): Segment[] => {
      const original: Segment[] = [];
      for (const segment of path) {
        const map = typeof segment === 'number' ? indexMaps.get(keyOf(original)) : undefined;
        original.push(map?.[segment as number] ?? segment);
      }
      return original;
    };
    const parsed = scenarioSchema.safeParse(view);
    if (parsed.success) return { scenario: parsed.data, toOriginalPath, droppedItems: removed.size > 0, setAside };
    let changed = false;
    for (const issue of parsed.error.issues) {
      const path = toOriginalPath(issue.path.filter((segment): segment is Segment => typeof segment !== 'symbol'));
      if (issue.code === 'unrecognized_keys') {
        const holder = valueAt(working, path);
        if (!isRecord(holder)) continue;
        for (const key of issue.keys.filter((name) => Object.hasOwn(holder, name))) {
          delete holder[key];
          setAside.push([...path, key]);
          changed = true;
        }
        continue;
      }
      const parent = valueAt(working, path.slice(0, -1));
      const last = path[path.length - 1];
      if (isRecord(parent) && typeof last === 'string' && Object.hasOwn(parent, last)) {
        delete parent[last];
        setAside.push(path);
        changed = true;
        continue;
      }
      // A required property is missing (or an item itself is wrong): set aside the nearest array item around it.
      for (let index = path.length - 1; index >= 0; index--) {
        if (typeof path[index] !== 'number' || !Array.isArray(valueAt(working, path.slice(0, index)))) continue;
        const key = keyOf(path.slice(0, index + 1));
        if (!removed.has(key)) {
          removed.add(key);
          setAside.push(path.slice(0, index + 1));
          changed = true;
        }
        break;
      }
    }
    if (!changed) return null;
  }
  return null;
}

/** `value` without the array items in `removed` (by their path in `value`), and for each array, its view index → original index. */
function toView(value: unknown, removed: ReadonlySet<string>): { view: unknown; indexMaps: Map<string, number[]> } {
  const indexMaps = new Map<string, number[]>();
  const copy = (node: unknown, path: Segment[]): unknown => {
    if (Array.isArray(node)) {
      const kept = node.map((item, index) => ({ item, index })).filter(({ index }) => !removed.has(keyOf([...path, index])));
      indexMaps.set(
        keyOf(path),
        kept.map(({ index }) => index),
      );
      return kept.map(({ item, index }) => copy(item, [...path, index]));
    }
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, copy(item, [...path, key])]));
    return node;
  };
  return { view: copy(value, []), indexMaps };
}

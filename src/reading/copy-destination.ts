/** Where a copy's new key comes from (`copy_object(Key, CopySource)`). Pure: no I/O. */
import { findIdArgument, type IdArgument, type Properties } from './tool-id-argument.js';
import { toWords } from './entity-words.js';

/** Words of an argument that names what a copy is made from. */
const sourceWords = new Set(['source', 'src', 'original', 'from']);

/**
 * The key a copy is made under: where another argument names the source (`CopySource`,
 * `source_path`, `from_key`), the key the caller chooses among the rest (`copy_object(Key,
 * CopySource)` makes the object `Key`); with no source argument, none (`fork_repository(repo)`).
 */
export function copyDestination(
  entity: string,
  properties: Properties,
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
): IdArgument | null {
  const sources = Object.keys(properties).filter((name) => toWords(name).some((word) => sourceWords.has(word)));
  if (sources.length === 0) return null;
  const rest = Object.fromEntries(Object.entries(properties).filter(([name]) => !sources.includes(name)));
  return findIdArgument('create', entity.split('_'), rest, required, entities);
}

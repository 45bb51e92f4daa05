/**
 * A list of a parent's children named by the bare `id` of the parent: `companies_contacts(id)`,
 * `opportunities_actions(id)`. The id is not the children's own (no contact has the company's id);
 * the words before the children's type in the tool's name say whose it is, and the children keep
 * that parent in a field of its name (`companyId`, what `contacts_create` took).
 */
import { entitiesOf, toNormalName } from '../../domain/world-query.js';
import { toSingular, toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';

const linkWords = ['id', 'key', 'uuid'];

/**
 * The call with `id` moved to the children's field that names the parent; the call itself when
 * it is not such a list.
 *
 * @example
 *   withParentById(input).args; // { companyId: '8359' } for boond_companies_contacts({ id: '8359' })
 */
export function withParentById(input: AnswerInput): AnswerInput {
  const { shape, args } = input;
  const id = args.id;
  if ((shape.operation !== 'list' && shape.operation !== 'search') || shape.idArgument !== null) return input;
  if (typeof id !== 'string' && typeof id !== 'number') return input;
  const words = toWords(input.tool.name).map(toSingular);
  const own = words.lastIndexOf(toSingular(toWords(shape.entity).at(-1) ?? ''));
  if (own <= 0) return input;
  const types = new Set([...input.shapes.values()].map((other) => other.entity));
  const parent = words
    .slice(0, own)
    .reverse()
    .find((word) => word !== shape.entity && types.has(word));
  if (parent === undefined) return input;
  const names = new Set(linkWords.map((word) => `${toNormalName(parent)}${word}`));
  for (const child of entitiesOf(input.world, shape.entity)) {
    const field = Object.keys(child.fields).find((name) => names.has(toNormalName(name)));
    if (field === undefined) continue;
    const { id: _parentId, ...rest } = args;
    return { ...input, args: { ...rest, [field]: id } };
  }
  return input;
}

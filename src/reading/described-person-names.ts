/**
 * A person described by their full name (`Lars Berg`) where the service keeps a person's name in
 * two fields (`firstName`/`lastName`, `first_name`/`last_name`, `givenName`/`familyName`), as
 * commerce, CRM and support desks do for customers and contacts: the first word is the given name
 * and the rest the family name, so reads and `lastName = "Berg"` filters find them. Pure.
 */
import type { ServiceModel } from './read-server.js';
import { toOwnProperties } from './described-fields.js';

type Model = Pick<ServiceModel, 'tools' | 'shapes'>;

const given = /^(?:first_?name|given_?name)$/i;
const family = /^(?:last_?name|family_?name|sur_?name)$/i;
/** Two to four capitalised words, as a person's name is written (`Ines Duarte`, `Mei Tanaka`, `Anna van Dijk` is left alone). */
const fullName = /^\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){1,3}$/u;

/**
 * The given and family name fields a described full name fills for `type`, or an empty object.
 *
 * @example
 *   toPersonNameFields(model, 'customer', 'Lars Berg'); // { firstName: 'Lars', lastName: 'Berg' } where create_customers takes both
 */
export function toPersonNameFields(model: Model, type: string, name: string): Record<string, string> {
  if (!fullName.test(name)) return {};
  const fields = personFields(model, type);
  if (fields === null) return {};
  const [first, ...rest] = name.split(/\s+/);
  return { [fields.given]: first!, [fields.family]: rest.join(' ') };
}

/** The given and family name fields the type's creates take, or null where they do not take both. */
export function personFields(model: Model, type: string): { given: string; family: string } | null {
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type || shape.operation !== 'create') continue;
    const names = Object.keys(toOwnProperties(tool.inputSchema as Record<string, unknown>, type));
    const first = names.find((name) => given.test(name));
    const last = names.find((name) => family.test(name));
    if (first !== undefined && last !== undefined) return { given: first, family: last };
  }
  return null;
}

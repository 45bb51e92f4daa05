/**
 * A validation of one entity by its key: Lemon Squeezy's `validate_license(licenseKey)` answers whether
 * the key is valid and the key itself, not `Done:`. Valid is the entity being in the world and in
 * no state or flag that ends it (`inactive`, `disabled`, `expired`, `revoked`, `cancelled`); an
 * unknown key is an answer too (`valid: false` with the not-found), as a validation endpoint says.
 * Nothing changes.
 */
import { toWords } from '../../reading/entity-words.js';
import { entitiesOf, toNormalName } from '../../domain/world-query.js';
import { inServerStyle } from '../../reading/server-style.js';
import { findEntity, fitView, notFound, toView } from './world-views.js';
import type { Answer, AnswerInput } from './world-conventions.js';

// Not `check`: `check_availability(domain)` asks something else of a name, not whether a record is valid.
const checkVerbs = new Set(['validate', 'verify']);
const endedStates = new Set(['inactive', 'disabled', 'expired', 'revoked', 'cancelled', 'canceled', 'deleted', 'archived', 'suspended']);
const endedFlags = new Set(['disabled', 'expired', 'revoked', 'cancelled', 'canceled', 'deleted', 'archived', 'suspended']);

/**
 * `{ valid, <entity> }` for a validate or verify of one entity by its id argument; null for
 * any other call.
 *
 * @example
 *   validationAnswer(validateLicense); // { value: { valid: true, licenseKey: { id: '327', key: '…', status: 'active' } } }
 */
export function validationAnswer(input: AnswerInput): Answer | null {
  const { shape, args } = input;
  if (!toWords(input.tool.name).some((word) => checkVerbs.has(word))) return null;
  const idValue = shape.idArgument === null ? undefined : args[shape.idArgument];
  if (typeof idValue !== 'string' && typeof idValue !== 'number') return null;
  const found = findEntity(input, entitiesOf(input.world, shape.entity), String(idValue));
  if (!found) return { value: { valid: false, error: notFound(shape, String(idValue)) } };
  const ended = Object.entries(found.fields).some(([name, value]) => {
    const normal = toNormalName(name);
    if ((normal === 'status' || normal === 'state') && typeof value === 'string') return endedStates.has(toNormalName(value));
    return endedFlags.has(normal) && value === true;
  });
  const { shown } = fitView(input, toView(found, shape), found.id);
  return { value: { valid: !ended, [inServerStyle(input.serverTools, toWords(shape.entity))]: shown } };
}

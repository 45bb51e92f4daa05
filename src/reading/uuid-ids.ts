/**
 * Ids a service says are UUIDs: Coolify's `applications(id)`, described as "Application UUID",
 * `deployments(applicationUuid)`, a `uuid` field. A new id of such a type is a UUID (seeded, so
 * the same every run), not `application_1`, which the service's own tools would refuse.
 */
import { withFake } from '../domain/fake-data.js';

/** "ID (UUID format)", "(UUID)": an id written as a UUID, whoever's. */
const uuidFormat = /\buuid\s+format\b|\(uuid\)/i;

/**
 * A new UUID when the id's field or an argument's description says the ids are UUIDs; null otherwise.
 *
 * @example
 *   toUuidId('application', ['Application UUID'], 'id', 'seed|application|new|0'); // '8f14e45f-…', the same for the same seed
 *   toUuidId('basket', ['Item UUID from the cart'], 'id', 'seed'); // null
 */
export function toUuidId(type: string, descriptions: readonly string[], field: string | undefined, seed: string): string | null {
  // "Application UUID", "The application's UUID", "UUID": the type's own UUID, not another thing's ("Item UUID from the cart" for a basket).
  const words = type.split('_').join('[ _-]');
  const own = new RegExp(`^(?:the\\s+)?(?:${words}(?:'s)?\\s+)?uuid\\b`, 'i');
  const named = /(?:^|_)uuid$|Uuid$/.test(field ?? '') || descriptions.some((text) => own.test(text.trim()) || uuidFormat.test(text));
  return named ? withFake(seed, (faker) => faker.string.uuid()) : null;
}

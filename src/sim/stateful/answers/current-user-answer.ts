import { toNewId } from '../../../reading/id-format.js';
import { currentUser } from '../starting-world.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule, KindCall } from './kind-call.js';

/**
 * A read of the one who calls (`get_me`, `whoami`, `get_user()` "the current user"): the person the
 * world holds, else one stable person (the starting world's), kept in the world from then on, so
 * a scenario whose world seeds nobody still answers a name and an email, the same every time.
 * Where the service names the caller's id otherwise (Chatwork's `account_id`, data/id-formats.json),
 * the person's id is there, in the service's format, never a bare `id: "default"`.
 */
export const answerCurrentUser: AnswerModule = (call) => {
  const type = call.shape.entity;
  const held = call.world.entities[type] ?? {};
  if (Object.hasOwn(held, 'default')) return toAnswered(call.fromWorld(), call.tool);
  // A scenario that seeds the person under its own id (`me: { u_7: {...} }`): that person, read as it is; what the read
  // made up for them (a `role` the schema requires) is kept under their own id, so a list of users shows the same.
  const [id, fields] = Object.entries(held)[0] ?? [];
  if (id !== undefined) {
    const { changes, ...answer } = call.fromWorldOf({
      ...call.world,
      entities: { ...call.world.entities, [type]: { default: { id, ...fields } } },
    });
    const upserts = (changes?.upserts ?? []).map((upsert) =>
      upsert.type === type && upsert.id === 'default' ? { ...upsert, id } : upsert,
    );
    return toAnswered({ ...answer, ...(upserts.length > 0 ? { changes: { ...changes, upserts } } : {}) }, call.tool);
  }
  const person = { ...callerId(call), ...currentUser };
  const answer = call.fromWorldOf({ ...call.world, entities: { ...call.world.entities, [type]: { default: person } } });
  if (answer.error !== undefined) return toAnswered(answer, call.tool);
  const upserts = [{ type, id: 'default', fields: person }, ...(answer.changes?.upserts ?? [])];
  return toAnswered({ ...answer, changes: { ...answer.changes, upserts } }, call.tool);
};

/** The caller's id field and value: `id: "default"`, or one in the service's format under the field it names the type's ids by. */
function callerId({ shape, model, seed }: KindCall): Record<string, string> {
  if (shape.idField === 'id' || !model) return { id: 'default' };
  const format = model.idSchemasOf(shape.entity);
  const id = toNewId({
    type: shape.entity,
    existing: [],
    numeric: false,
    field: shape.idField,
    ...format,
    args: {},
    seed: `${seed}|caller`,
  });
  return { [shape.idField]: id };
}

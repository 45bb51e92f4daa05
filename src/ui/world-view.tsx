import type { WorldState } from '../domain/memory-log.js';
import { TableHead } from './layout.js';

/** How many entities of one type the world view lists (the count says how many there are). */
export const entitiesShown = 100;

/** The world: entities by type (a table per type, the first `entitiesShown` of each), then facts. */
export function WorldView({ world }: { world: WorldState }) {
  const types = Object.entries(world.entities);
  return (
    <div>
      {types.length === 0 && world.facts.length === 0 ? <p class="muted">The world is empty: no call has changed it yet.</p> : null}
      {types.map(([type, entities]) => (
        <EntityTable type={type} entities={entities} />
      ))}
      {world.facts.length > 0 ? <FactList facts={world.facts} /> : null}
    </div>
  );
}

/**
 * One type's entities: its count, then the first `entitiesShown`, one row each: the id, then one
 * column per field any of them has (in the order first met). A nested value is folded.
 */
function EntityTable({ type, entities }: { type: string; entities: WorldState['entities'][string] }) {
  const count = Object.keys(entities).length;
  const shown = Object.entries(entities).slice(0, entitiesShown);
  const fields = [...new Set(shown.flatMap(([, values]) => Object.keys(values)))];
  return (
    <table>
      <caption>
        <strong>{type}</strong>{' '}
        <span class="muted">
          ({count}
          {count > entitiesShown ? `, the first ${entitiesShown} shown; GET .../memory has them all` : ''})
        </span>
      </caption>
      <TableHead columns={['id', ...fields]} />
      <tbody>
        {shown.map(([id, values]) => (
          <tr>
            <td>
              <code>{id}</code>
            </td>
            {fields.map((field) => (
              <td>{Object.hasOwn(values, field) ? <FieldValue value={values[field]} /> : null}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A scalar as text, a list of scalars joined, anything nested folded under a summary of its size. */
function FieldValue({ value }: { value: unknown }) {
  if (value === null) return <span class="muted">null</span>;
  if (typeof value !== 'object') return <>{String(value)}</>;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return <>{value.join(', ')}</>;
  const size = Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : `${Object.keys(value).length} fields`;
  return (
    <details>
      <summary>{size}</summary>
      <code>{JSON.stringify(value)}</code>
    </details>
  );
}

function FactList({ facts }: { facts: string[] }) {
  return (
    <>
      <h3>Facts</h3>
      <ul>
        {facts.map((fact) => (
          <li>{fact}</li>
        ))}
      </ul>
    </>
  );
}

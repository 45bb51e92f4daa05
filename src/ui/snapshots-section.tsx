/** The snapshots card of a mock connection's memory view: take, restore and delete snapshots, reset the memory. */
import { Csrf, TableHead } from './layout.js';

export interface SnapshotView {
  id: string;
  label: string | null;
  createdAt: string;
  calls: number;
  /** `world`: the whole memory; `connection`: only the calls of `connectionId` in a shared world. */
  scope: 'world' | 'connection';
  connectionId?: string;
}

interface SnapshotsProps {
  /** The connection's page, e.g. `/ui/connections/demo/time`; the forms post below it. */
  base: string;
  csrf: string;
  snapshots: SnapshotView[];
  /** In a shared world, every form offers both scopes: the whole world or only this connection's calls. */
  shared: boolean;
}

/**
 * The snapshots card: the form that takes one, the list with restore and delete, then reset.
 *
 * @example
 *   <SnapshotsSection base={connectionPath('demo', 'time')} csrf={session.csrf} snapshots={[]} shared={false} />
 */
export function SnapshotsSection({ base, csrf, snapshots, shared }: SnapshotsProps) {
  return (
    <section class="card" aria-labelledby="snapshots-title">
      <h2 id="snapshots-title">Snapshots</h2>
      <TakeSnapshotForm base={base} csrf={csrf} shared={shared} />
      {snapshots.length === 0 ? (
        <p class="muted">No snapshots yet.</p>
      ) : (
        <SnapshotTable base={base} csrf={csrf} snapshots={snapshots} shared={shared} />
      )}
      {shared ? <SharedResetForms base={base} csrf={csrf} /> : <ResetForm base={base} csrf={csrf} />}
    </section>
  );
}

function TakeSnapshotForm({ base, csrf, shared }: Omit<SnapshotsProps, 'snapshots'>) {
  return (
    <form method="post" action={`${base}/snapshots`}>
      <Csrf token={csrf} />
      <label for="snapshot-label">Label (optional)</label>
      <input id="snapshot-label" name="label" maxlength={200} />
      {shared ? (
        <>
          <label for="snapshot-scope">Snapshot of</label>
          <select id="snapshot-scope" name="scope">
            <option value="world">the whole shared world (every connection's calls)</option>
            <option value="connection">only this connection's calls</option>
          </select>
        </>
      ) : null}
      <button type="submit">Take snapshot</button>
    </form>
  );
}

function SnapshotTable({ base, csrf, snapshots, shared }: SnapshotsProps) {
  return (
    <table>
      <TableHead columns={shared ? ['label', 'taken', 'of', 'calls', 'actions'] : ['label', 'taken', 'calls', 'actions']} />
      <tbody>
        {snapshots.map((snapshot) => (
          <SnapshotRow base={base} csrf={csrf} snapshot={snapshot} shared={shared} />
        ))}
      </tbody>
    </table>
  );
}

function SnapshotRow({ base, csrf, snapshot, shared }: Omit<SnapshotsProps, 'snapshots'> & { snapshot: SnapshotView }) {
  const action = `${base}/snapshots/${encodeURIComponent(snapshot.id)}`;
  const name = snapshot.label ?? snapshot.id;
  return (
    <tr>
      <td>{snapshot.label ?? <span class="muted">{snapshot.id}</span>}</td>
      <td>{snapshot.createdAt}</td>
      {shared ? <td>{snapshot.scope === 'connection' ? `connection ${snapshot.connectionId ?? ''}` : 'whole world'}</td> : null}
      <td>{snapshot.calls}</td>
      <td>
        <form class="inline" method="post" action={`${action}/restore`}>
          <Csrf token={csrf} />
          <button type="submit" aria-label={`Restore snapshot ${name}`}>
            Restore
          </button>
        </form>{' '}
        {shared && snapshot.scope === 'world' ? (
          <>
            <form class="inline" method="post" action={`${action}/restore`}>
              <Csrf token={csrf} />
              <input type="hidden" name="scope" value="connection" />
              <button type="submit" class="secondary" aria-label={`Restore only this connection's calls from snapshot ${name}`}>
                Restore this connection's calls
              </button>
            </form>{' '}
          </>
        ) : null}
        <form class="inline" method="post" action={`${action}/delete`}>
          <Csrf token={csrf} />
          <button type="submit" class="secondary" aria-label={`Delete snapshot ${name}`}>
            Delete
          </button>
        </form>
      </td>
    </tr>
  );
}

/** A shared world resets whole, or only this connection's calls (and what they changed). */
function SharedResetForms({ base, csrf }: { base: string; csrf: string }) {
  return (
    <>
      <p class="muted">This connection shares its world with the other mock connections of its namespace.</p>
      <form method="post" action={`${base}/reset`}>
        <Csrf token={csrf} />
        <input type="hidden" name="scope" value="world" />
        <button type="submit" class="secondary">
          Reset the shared world (every connection's calls and the world)
        </button>
      </form>
      <form method="post" action={`${base}/reset`}>
        <Csrf token={csrf} />
        <input type="hidden" name="scope" value="connection" />
        <button type="submit" class="secondary">
          Reset only this connection's calls (and what they changed)
        </button>
      </form>
    </>
  );
}

function ResetForm({ base, csrf }: { base: string; csrf: string }) {
  return (
    <form method="post" action={`${base}/reset`}>
      <Csrf token={csrf} />
      <button type="submit" class="secondary">
        Reset memory (forget every call and the world)
      </button>
    </form>
  );
}

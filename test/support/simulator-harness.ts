/**
 * A fresh platform for each test whose mock connections answer from the stateful simulator alone:
 * no model and no fixture (an empty fixtures folder, miss policy `simulate`), in process, on a real
 * SQLite file. The tests of how the simulator plays a server use it.
 *
 * @example
 *   let harness: Harness;
 *   const simulator = useSimulatorHarness('mcpsim-web-', (started) => (harness = started));
 *   await harness.close(); await simulator.startAnother(); // a second platform, as after a restart
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, type Harness } from './harness.js';

export function useSimulatorHarness(prefix: string, started: (harness: Harness) => void): { startAnother(): Promise<Harness> } {
  const emptyFixtures = mkdtempSync(join(tmpdir(), prefix));
  let current: Harness | undefined;
  afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));
  const start = async () => {
    current = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
    started(current);
    return current;
  };
  beforeEach(start);
  afterEach(() => current?.close());
  // Another platform on the same (empty) fixtures, after the test closed its own: a restart.
  return { startAnother: start };
}

/**
 * A mock connection `namespace/connection` of a registry server `@qa/<connection>` declared with
 * `tools`, starting from an empty world; answers a REST tool call on it, the result's text parsed
 * (an error result fails the test).
 *
 * @example
 *   const call = await mockOnTools(harness, { namespace: 'desk', connection: 'tickets', tools });
 *   const ticket = await call('create_ticket', { subject: 'Refund' });
 */
export async function mockOnTools(
  harness: Harness,
  { namespace, connection, tools }: { namespace: string; connection: string; tools: unknown[] },
): Promise<(tool: string, args: Record<string, unknown>) => Promise<any>> {
  const server = `@qa/${connection}`;
  expect((await harness.call('PUT', `/servers/${server}`, { body: { tools } })).status).toBe(201);
  await harness.call('PUT', `/namespaces/${namespace}`);
  expect((await harness.call('PUT', `/connect/${namespace}/${connection}`, { body: { server, mock: { enabled: true } } })).status).toBe(
    201,
  );
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', `/__mcpsim/connections/${namespace}/${connection}/simulation`, { body: empty })).status).toBe(200);
  return async (tool, args) => {
    const response = await harness.call('POST', `/connect/${namespace}/${connection}/.tools/${tool}`, { body: args });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.isError, response.body.content[0].text).not.toBe(true);
    return JSON.parse(response.body.content[0].text as string);
  };
}

/**
 * Calls a connection's tools over REST and answers what each said: the parsed JSON, `{ text }` for
 * plain text, or `{ error }` for a tool error (the request itself must succeed).
 */
export function toolAnswers(harness: Harness, connection: string): (tool: string, args: Record<string, unknown>) => Promise<any> {
  return async (tool, args) => {
    const response = await harness.call('POST', `/connect/${connection}/.tools/${tool}`, { body: args });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = response.body as { isError?: boolean; content: { text: string }[] };
    const answer = result.content[0]!.text;
    return result.isError ? { error: answer } : answer.startsWith('{') ? JSON.parse(answer) : { text: answer };
  };
}

/**
 * A user's own server described in words: its tools registered as `server`, a mock connection
 * `namespace/connection` with `scenario` as its text, and a caller of its tools over REST.
 */
export async function describedMock(
  harness: Harness,
  { server, displayName, tools, namespace, connection, scenario }: DescribedMock,
): Promise<ReturnType<typeof toolAnswers>> {
  expect((await harness.call('PUT', `/servers/${server}`, { body: { displayName, tools } })).status).toBe(201);
  await harness.call('PUT', `/namespaces/${namespace}`);
  const mock = { enabled: true, scenario };
  expect((await harness.call('PUT', `/connect/${namespace}/${connection}`, { body: { server, mock } })).status).toBe(201);
  return toolAnswers(harness, `${namespace}/${connection}`);
}

export interface DescribedMock {
  server: string;
  displayName: string;
  tools: unknown[];
  namespace: string;
  connection: string;
  scenario: string;
}

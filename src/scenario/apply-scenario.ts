/**
 * Makes a platform hold what a scenario describes: its servers, namespaces, connections (with
 * their mock world, faults and forced status) and tokens. Only through the platform's HTTP API,
 * by the injected `fetch`: the same code works in process (`app.fetch`) and against a running
 * `mcpsim serve`.
 */
import { qualifiedNameSpellings } from '../domain/registry.js';
import { toListedPrompt } from '../domain/mock-surface.js';
import { isRecord } from '../domain/json-record.js';
import type { Scenario, ScenarioConnection } from './scenario-schema.js';
import { ScenarioError } from './scenario-error.js';
import {
  expectSuccess,
  readErrorBody,
  requestPlatform,
  toPathSegment,
  toScenarioError,
  trimBaseUrl,
  type ScenarioPlatform,
} from './platform-request.js';

export type { ScenarioPlatform } from './platform-request.js';

/** A connection's status as the platform reports it (`{state, message?, setupUrl?}`). */
export interface AppliedStatus {
  state: string;
  message?: string;
  setupUrl?: string;
}

export interface AppliedConnection {
  namespace: string;
  connectionId: string;
  /** The MCP URL to give a client. */
  mcpUrl: string;
  status: AppliedStatus;
}

export interface AppliedToken {
  name: string;
  token: string;
  expiresAt: string;
}

export interface AppliedScenario {
  connections: AppliedConnection[];
  tokens: AppliedToken[];
  /** What applying did beyond a plain create-or-update, e.g. a connection deleted and re-created. */
  notes: string[];
}

interface MockConfig {
  enabled: true;
  scenario?: string;
}

/**
 * Applies a scenario. Idempotent: applying it twice changes nothing and fails nothing (each call
 * is a create-or-update; only the tokens are new each time). A connection whose mock settings
 * (fixed at creation on the platform) or target URL (a 409 on update) differ from the scenario is
 * deleted and re-created, which also drops its memory; `notes` says so. Faults are replaced on
 * every apply (`{faults: []}` when the scenario has none, so old ones go). Any refusal throws a
 * `ScenarioError` naming the item and the platform's `{error, message}`.
 *
 * @example
 *   const applied = await applyScenario(scenario, { fetch: platform.app.fetch, baseUrl: 'http://localhost', apiKey });
 *   applied.connections[0].mcpUrl; // http://localhost/connect/triage/tracker/mcp
 */
export async function applyScenario(scenario: Scenario, platform: ScenarioPlatform): Promise<AppliedScenario> {
  const notes: string[] = [];
  for (const server of scenario.servers) {
    const body = {
      ...(server.displayName === undefined ? {} : { displayName: server.displayName }),
      ...(server.description === undefined ? {} : { description: server.description }),
      ...(server.serverInfo === undefined ? {} : { serverInfo: server.serverInfo }),
      tools: server.tools.map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } })),
      // The registry lists them; fixed contents and templates are the mock settings of the connections (toSurface).
      ...(server.resources === undefined ? {} : { resources: server.resources.map(({ text: _text, blob: _blob, ...listed }) => listed) }),
      ...(server.prompts === undefined ? {} : { prompts: server.prompts.map(toListedPrompt) }),
    };
    // The scenario loader's own route: for the local account, another account's entry or owner
    // never makes a scenario fail to load (api/registry-ownership.ts). The qualifiedName's slash
    // is part of the route (`/__mcpsim/servers/@owner/name`), so it is sent as is.
    await expectSuccess(platform, `server "${server.qualifiedName}"`, 'PUT', `/__mcpsim/servers/${server.qualifiedName}`, body);
  }

  const connections: AppliedConnection[] = [];
  for (const namespace of scenario.namespaces) {
    const ns = toPathSegment(namespace.name);
    await expectSuccess(platform, `namespace "${namespace.name}"`, 'PUT', `/namespaces/${ns}`);
    if (namespace.sharedWorld !== undefined) {
      await expectSuccess(platform, `namespace "${namespace.name}" (sharedWorld)`, 'PUT', `/__mcpsim/namespaces/${ns}/shared-world`, {
        enabled: namespace.sharedWorld,
      });
    }
    for (const connection of namespace.connections) {
      connections.push(await applyConnection(platform, namespace.name, connection, notes, scenario));
    }
  }

  const tokens: AppliedToken[] = [];
  for (const token of scenario.tokens) {
    const answer = await expectSuccess(
      platform,
      `token "${token.name}"`,
      'POST',
      '/tokens',
      token.policy === undefined ? {} : { policy: token.policy },
    );
    const body = answer.body;
    if (!isRecord(body) || typeof body.token !== 'string' || typeof body.expiresAt !== 'string') {
      throw new ScenarioError(
        `token "${token.name}"`,
        `POST /tokens answered ${answer.status} without {token, expiresAt}: ${JSON.stringify(body).slice(0, 200)}`,
      );
    }
    tokens.push({ name: token.name, token: body.token, expiresAt: body.expiresAt });
  }
  return { connections, tokens, notes };
}

async function applyConnection(
  platform: ScenarioPlatform,
  namespace: string,
  connection: ScenarioConnection,
  notes: string[],
  scenario: Scenario,
): Promise<AppliedConnection> {
  const item = `connection "${namespace}/${connection.id}"`;
  const path = `/connect/${toPathSegment(namespace)}/${toPathSegment(connection.id)}`;
  const mock = toMockConfig(connection.mock);
  const body = {
    ...(connection.name === undefined ? {} : { name: connection.name }),
    ...(connection.server === undefined ? {} : { server: connection.server }),
    ...(connection.mcpUrl === undefined ? {} : { mcpUrl: connection.mcpUrl }),
    // The local server itself is started by whoever serves the scenario (cli/scenario-uplinks.ts); the platform only knows the connection.
    ...(connection.uplink === undefined ? {} : { transport: 'uplink' }),
    ...(connection.metadata === undefined ? {} : { metadata: connection.metadata }),
    ...(connection.headers === undefined ? {} : { headers: connection.headers }),
    ...(mock ? { mock } : {}),
  };

  const existing = await requestPlatform(platform, 'GET', path);
  if (existing.status === 200) {
    const current = readMockConfig(existing.body);
    if (!isSameMock(current, mock)) {
      await expectSuccess(platform, item, 'DELETE', path);
      notes.push(
        `${item}: deleted and re-created, because mock settings are fixed at creation (${describeMockChange(current, mock)}); its memory starts empty`,
      );
    }
  } else if (existing.status !== 404) {
    throw toScenarioError(item, 'GET', path, existing);
  }

  const written = await requestPlatform(platform, 'PUT', path, body);
  if (written.status === 409) {
    // The target URL changed (the server or mcpUrl of the scenario): the platform allows that only by re-creating.
    await expectSuccess(platform, item, 'DELETE', path);
    await expectSuccess(platform, item, 'PUT', path, body);
    notes.push(`${item}: deleted and re-created, because its target changed (${readErrorBody(written.body).message})`);
  } else if (written.status < 200 || written.status > 299) {
    throw toScenarioError(item, 'PUT', path, written);
  }

  const control = `/__mcpsim/connections/${toPathSegment(namespace)}/${toPathSegment(connection.id)}`;
  // Faults and simulation settings live on mock connections; each apply sets them (empty ones clear earlier ones).
  const faults = connection.faults ?? [];
  if (mock !== null || faults.length > 0) await expectSuccess(platform, `${item} (faults)`, 'PUT', `${control}/faults`, { faults });
  if (mock !== null)
    await expectSuccess(platform, `${item} (world and tools)`, 'PUT', `${control}/simulation`, {
      ...toSimulation(scenario, connection.mock),
      ...toSurface(scenario, connection.server),
    });

  if (connection.status !== undefined) {
    await expectSuccess(platform, `${item} (status)`, 'PUT', `${control}/status`, { state: connection.status });
  }

  const final = await expectSuccess(platform, item, 'GET', path);
  return {
    namespace,
    connectionId: connection.id,
    mcpUrl: `${trimBaseUrl(platform.baseUrl)}${path}/mcp`,
    status: readStatus(final.body),
  };
}

/**
 * Scenario `mock: true` → `{enabled: true}`, `mock: "text"` (or `{scenario: "text"}`) →
 * `{enabled: true, scenario: "text"}`; false or absent → none.
 */
function toMockConfig(mock: ScenarioConnection['mock']): MockConfig | null {
  if (mock === undefined || mock === false) return null;
  if (mock === true) return { enabled: true };
  const text = typeof mock === 'string' ? mock : mock.scenario;
  return text === undefined ? { enabled: true } : { enabled: true, scenario: text };
}

/**
 * A mock connection's simulation settings: the scenario's world, tools and entities, with the
 * connection's own on top; no world when neither gives one (the platform then reads the mock's
 * description for one).
 */
function toSimulation(scenario: Scenario, mock: ScenarioConnection['mock']) {
  const own = typeof mock === 'object' ? mock : {};
  const shared = scenario.world ?? { entities: {}, facts: [] };
  // Maps, not objects, so a type or id named "__proto__" stays a plain key.
  const entities = new Map<string, Map<string, Record<string, unknown>>>();
  for (const source of [shared.entities, own.world?.entities ?? {}]) {
    for (const [type, byId] of Object.entries(source)) {
      const merged = entities.get(type) ?? new Map<string, Record<string, unknown>>();
      entities.set(type, merged);
      for (const [id, fields] of Object.entries(byId)) merged.set(id, { ...merged.get(id), ...fields });
    }
  }
  const facts = [...new Set([...shared.facts, ...(own.world?.facts ?? [])])];
  const world = { entities: Object.fromEntries([...entities].map(([type, byId]) => [type, Object.fromEntries(byId)])), facts };
  const corrections = { ...scenario.entities, ...own.entities };
  // No world anywhere: the platform starts a mock described in words from what its words name.
  const given = scenario.world !== undefined || own.world !== undefined;
  return {
    ...(given ? { world } : {}),
    tools: Object.fromEntries([...Object.entries(scenario.tools ?? {}), ...Object.entries(own.tools ?? {})]),
    ...(Object.keys(corrections).length > 0 ? { entities: corrections } : {}),
  };
}

/** What the connection's server, when the scenario declares it, offers beside its tools: resources, templates and prompts with their contents, fixed completions. */
function toSurface(scenario: Scenario, server: string | undefined) {
  if (server === undefined) return {};
  const [bare] = qualifiedNameSpellings(server);
  const declared = scenario.servers.find(
    (candidate) => qualifiedNameSpellings(candidate.qualifiedName)[0].toLowerCase() === bare.toLowerCase(),
  );
  if (!declared) return {};
  const { resources, resourceTemplates, prompts, completions } = declared;
  return {
    ...(resources === undefined ? {} : { resources }),
    ...(resourceTemplates === undefined ? {} : { resourceTemplates }),
    ...(prompts === undefined ? {} : { prompts }),
    ...(completions === undefined ? {} : { completions }),
  };
}

function readMockConfig(view: unknown): MockConfig | null {
  if (!isRecord(view) || !isRecord(view.mock) || view.mock.enabled !== true) return null;
  return typeof view.mock.scenario === 'string' ? { enabled: true, scenario: view.mock.scenario } : { enabled: true };
}

function isSameMock(a: MockConfig | null, b: MockConfig | null): boolean {
  if (a === null || b === null) return a === b;
  return (a.scenario ?? '') === (b.scenario ?? '');
}

/**
 * What changed between two mock settings. Two texts are shown around their first difference, so
 * a change near the end of a long text is visible.
 *
 * @example
 *   describeMockChange({ enabled: true, scenario: 'A calendar with no events.' }, { enabled: true, scenario: 'A calendar with two events.' });
 *   // 'the mock text differs from character 17: was "A calendar with no events.", now "A calendar with two events."'
 */
export function describeMockChange(before: MockConfig | null, after: MockConfig | null): string {
  if (before?.scenario === undefined || after?.scenario === undefined) return `was ${describeMock(before)}, now ${describeMock(after)}`;
  const [a, b] = [before.scenario, after.scenario];
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const start = Math.max(0, at - 20);
  const window = (text: string) => {
    const shown = text.slice(start, at + 60);
    return JSON.stringify(`${start > 0 ? '…' : ''}${shown}${at + 60 < text.length ? '…' : ''}`);
  };
  return `the mock text differs from character ${at + 1}: was ${window(a)}, now ${window(b)}`;
}

function describeMock(mock: MockConfig | null): string {
  if (mock === null) return 'not a mock';
  if (mock.scenario === undefined) return 'a mock';
  const text = mock.scenario.length > 60 ? `${mock.scenario.slice(0, 57)}...` : mock.scenario;
  return `a mock of ${JSON.stringify(text)}`;
}

function readStatus(view: unknown): AppliedStatus {
  if (!isRecord(view) || !isRecord(view.status) || typeof view.status.state !== 'string') return { state: 'unknown' };
  const { state, message, setupUrl } = view.status;
  return { state, ...(typeof message === 'string' ? { message } : {}), ...(typeof setupUrl === 'string' ? { setupUrl } : {}) };
}

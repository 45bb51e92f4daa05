/**
 * `mcpsim verify --update`: the drifted parts of the files rewritten from the live server, and
 * nothing else, so a reviewer sees the drift as a diff. A drifted answer replaces only its entry's
 * `result` (and `recordedAt`); a drifted surface replaces the server's declaration in the scenario
 * (tools, serverInfo, protocolVersion) through the YAML document, so comments and hand edits
 * elsewhere stay, and the capture's `registry.json` beside it when there is one. Live values are
 * redacted as a capture redacts them before anything is written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sortKeys } from '../../domain/canonical-json.js';
import { redactJson } from '../../domain/redaction.js';
import { yamlPackage } from '../../domain/lazy-packages.js';
import { toSurfaceTool, type ServerSurface } from './surface-drift.js';
import type { ServerVerification } from './verify-server.js';

export interface UpdateInput {
  verification: ServerVerification;
  live: ServerSurface;
  /** The connection's header values and the command's secret `--env` values, in every spelling. */
  secrets: readonly string[];
  /** When the live answers were recorded (ISO 8601). */
  now: string;
}

/**
 * Rewrites what drifted; answers the files it wrote.
 *
 * @example
 *   updateDriftedFiles({ verification, live: liveSurface, secrets, now: clock.now().toISOString() }); // ['captures/x/scenario.yaml', ...]
 */
export function updateDriftedFiles({ verification, live, secrets, now }: UpdateInput): string[] {
  const redact = <T>(value: T): T => redactJson(value, { values: secrets }).value as T;
  const written: string[] = [];
  const byFile = new Map<string, ServerVerification['driftedAnswers']>();
  for (const answer of verification.driftedAnswers) byFile.set(answer.call.file, [...(byFile.get(answer.call.file) ?? []), answer]);
  for (const [file, answers] of byFile) {
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { calls: Record<string, unknown>[] };
    for (const { call, result } of answers) {
      const entry = fixture.calls[call.index];
      if (!entry) continue;
      const { _meta: _dropped, ...kept } = result as Record<string, unknown>;
      entry.result = redact(kept);
      entry.recordedAt = now;
    }
    writeFileSync(file, `${JSON.stringify(sortKeys(fixture), null, 2)}\n`);
    written.push(file);
  }
  const surfaceDrifted = verification.subjects.some((subject) => subject.drifts.some((drift) => drift.where === 'surface'));
  if (surfaceDrifted) {
    const tools = redact(live.tools);
    // A scenario declares each tool by the fields its format has, as capture writes them.
    const declared = tools.map(toSurfaceTool);
    written.push(
      updateScenarioServer(verification.file, verification.server, {
        tools: declared,
        serverInfo: live.serverInfo ? redact(live.serverInfo) : undefined,
        protocolVersion: live.protocolVersion,
      }),
    );
    const registry = join(dirname(verification.file), 'registry.json');
    if (existsSync(registry)) {
      const entry = JSON.parse(readFileSync(registry, 'utf8')) as Record<string, unknown>;
      if (entry.qualifiedName === verification.server) {
        // The catalog shape wants a description on every tool, as capture writes it.
        entry.tools = tools.map((tool) => ({ ...tool, description: tool.description ?? tool.title ?? tool.name }));
        if (live.serverInfo) entry.serverInfo = redact(live.serverInfo);
        writeFileSync(registry, `${JSON.stringify(entry, null, 2)}\n`);
        written.push(registry);
      }
    }
  }
  return written;
}

function updateScenarioServer(
  file: string,
  qualifiedName: string,
  declaration: { tools: unknown; serverInfo: unknown; protocolVersion: string | undefined },
): string {
  const document = yamlPackage().parseDocument(readFileSync(file, 'utf8'));
  const servers = document.get('servers') as { items?: { get(key: string): unknown }[] } | undefined;
  const index = (servers?.items ?? []).findIndex((server) => server.get('qualifiedName') === qualifiedName);
  if (index >= 0) {
    document.setIn(['servers', index, 'tools'], declaration.tools);
    if (declaration.serverInfo !== undefined) document.setIn(['servers', index, 'serverInfo'], declaration.serverInfo);
    if (declaration.protocolVersion !== undefined) document.setIn(['servers', index, 'protocolVersion'], declaration.protocolVersion);
    writeFileSync(file, document.toString({ lineWidth: 0 }));
  }
  return file;
}

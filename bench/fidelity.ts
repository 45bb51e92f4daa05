/**
 * `npm run bench:fidelity`: does every call's prompt hold the facts its answer needs?
 *
 * Method
 * - Two domains of our own (a calendar and a help desk, bench/fidelity-domains.ts), each with
 *   create, get, list-by-filter, update and delete tools, and two workloads of 200 calls each
 *   (mixed, and create-heavy), drawn from a seeded generator: the same calls every run.
 * - Each call's prompt is built by the simulator's own `buildPrompt` from the connection's world
 *   and call log, as the model path builds it. A prompt-only fake model then answers: it may use
 *   only what the prompt shows (the world section's JSON, the ids the "Omitted" line names, and
 *   the results in the earlier-calls lines not marked superseded), never the bench's truth. Its
 *   world changes are applied to the connection's world like a model's, and its answer is logged.
 * - The truth (what a real server would hold) is kept beside it. Per call:
 *   needed facts = the entities the right answer shows or acts on (a get's entity, every entity a
 *   list's filter matches, an update's or delete's target), present when the prompt's world JSON
 *   holds the entity with its current fields;
 *   a visible contradiction = the fake model's answer differs from the truth's (an entity missing
 *   from a list, a stale field, a not-found for an entity that exists, or the reverse);
 *   a stale negative fact = the prompt says an id does not exist while the world holds it.
 *
 * Targets (issue 14): needed facts ≥ 99% for every call kind, 0 visible contradictions. The
 * prompt's growth and the simulator's overhead are `npm run bench:simulator`'s.
 * `--json` prints the figures as JSON; `--verbose` prints every contradiction.
 */
import type { CallLogEntry, WorldState } from '../src/domain/memory-log.js';
import { emptyWorld } from '../src/domain/memory-log.js';
import { applyWorldChanges } from '../src/domain/world-state.js';
import { createSeededRandom } from '../src/domain/random.js';
import { toCanonicalJson } from '../src/sim/source/canonical-json.js';
import { buildPrompt, defaultBudgetTokens } from '../src/sim/model/prompt.js';
import { domains, render, type CallKind, type Domain, type Entity, type BenchCall } from './fidelity-domains.js';
import { readWorldSection } from '../test/support/prompt-world-reader.js';
import { answerFromPrompt, type FakeAnswer } from './fidelity-fake-model.js';
import { formatTable } from './report.js';

const callsPerRun = 200;
const workloads = {
  mixed: { create: 0.2, get: 0.2, list: 0.3, update: 0.2, delete: 0.05, ghost: 0.05 },
  'create-heavy': { create: 0.6, get: 0.1, list: 0.15, update: 0.1, delete: 0.03, ghost: 0.02 },
} as const;
type Kind = CallKind;

interface Figures {
  domain: string;
  workload: string;
  needed: Record<'all' | 'list' | 'other', { present: number; total: number }>;
  contradictions: number;
  staleNegativeFacts: number;
  entitiesAtEnd: number;
  examples: string[];
}

function run(domain: Domain, workloadName: keyof typeof workloads): Figures {
  const bytes = createSeededRandom(`${domain.name}/${workloadName}`);
  const random = () => new DataView(bytes(4).buffer).getUint32(0) / 2 ** 32;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const truth = new Map<string, Entity>();
  let world: WorldState = emptyWorld();
  const history: CallLogEntry[] = [];
  let nextId = 1;
  const figures: Figures = {
    domain: domain.name,
    workload: workloadName,
    needed: { all: { present: 0, total: 0 }, list: { present: 0, total: 0 }, other: { present: 0, total: 0 } },
    contradictions: 0,
    staleNegativeFacts: 0,
    entitiesAtEnd: 0,
    examples: [],
  };
  const mix = workloads[workloadName];

  for (let sequence = 1; sequence <= callsPerRun; sequence++) {
    let kind = chooseKind(mix, random());
    if (truth.size === 0 && kind !== 'ghost') kind = 'create';
    const existing = [...truth.keys()];
    const call = domain.makeCall(kind, {
      random,
      pick,
      existing: existing.map((id) => truth.get(id)!),
      nextId: domain.idOf(nextId),
      ghostId: domain.idOf(nextId + 2),
    });
    const args = call.arguments;
    const argumentsKey = toCanonicalJson(args);
    const occurrence = history.filter((entry) => entry.tool === call.tool && entry.argumentsKey === argumentsKey).length + 1;
    const now = new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString();
    const { prompt } = buildPrompt(
      {
        namespace: 'bench',
        connectionId: domain.name,
        server: `@bench/${domain.name}`,
        tool: call.tool,
        arguments: args,
        argumentsKey,
        occurrence,
        sequence,
        context: {
          serverName: domain.name,
          serverDescription: domain.description,
          toolDefinition: domain.tools[call.tool]!,
          scenario: domain.scenario,
          world,
          history,
          serverTools: Object.values(domain.tools),
          now,
        },
      },
      { budgetTokens: defaultBudgetTokens },
    );

    // What the right answer needs, and whether the prompt's world shows it as it is.
    const needed = neededBy(call, truth);
    const shownWorld = readWorldSection(prompt);
    const bucket = kind === 'list' ? figures.needed.list : figures.needed.other;
    for (const entity of needed) {
      const shown = shownWorld?.entities[domain.entityType]?.[entity.id];
      const present =
        shown !== undefined &&
        Object.entries(entity.fields).every(([field, value]) => toCanonicalJson(shown[field]) === toCanonicalJson(value));
      for (const counter of [bucket, figures.needed.all]) {
        counter.total += 1;
        if (present) counter.present += 1;
      }
    }
    for (const fact of shownWorld?.facts ?? []) {
      const denied = /^There is no \S+ (\S+)\.$/.exec(fact)?.[1];
      if (denied && truth.has(denied)) figures.staleNegativeFacts += 1;
    }

    const fake: FakeAnswer = answerFromPrompt(prompt, domain, call);
    const right = truthAnswer(domain, call, truth);
    if (fake.text !== right.text || fake.isError !== right.isError) {
      figures.contradictions += 1;
      if (figures.examples.length < 200)
        figures.examples.push(`#${sequence} ${call.tool} ${argumentsKey}\n    truth: ${right.text}\n    fake:  ${fake.text}`);
    }
    // The truth moves as a real server's would; the connection's world as the fake model's answer says.
    right.apply(truth);
    if (kind === 'create') nextId += 1;
    world = applyWorldChanges(world, fake.changes);
    history.push({
      sequence,
      tool: call.tool,
      arguments: args,
      argumentsKey,
      occurrence,
      result: { content: [{ type: 'text', text: fake.text }], isError: fake.isError },
      source: 'model',
      model: 'fake',
      usage: null,
      latencyMs: 0,
      at: now,
    });
  }
  figures.entitiesAtEnd = truth.size;
  return figures;
}

/** The entities the right answer shows or acts on. */
function neededBy(call: BenchCall, truth: ReadonlyMap<string, Entity>): Entity[] {
  if (call.kind === 'list') return [...truth.values()].filter(call.matches!);
  if (call.kind === 'create' || !call.id) return [];
  const entity = truth.get(call.id);
  return entity ? [entity] : [];
}

/** What a real server answers, and how its data moves. */
function truthAnswer(
  domain: Domain,
  call: BenchCall,
  truth: Map<string, Entity>,
): { text: string; isError: boolean; apply: (truth: Map<string, Entity>) => void } {
  const unchanged = () => {};
  const missing = { text: render.notFound(domain, call.id ?? ''), isError: true, apply: unchanged };
  const entity = call.id ? truth.get(call.id) : undefined;
  switch (call.kind) {
    case 'create': {
      const created = { id: call.id!, fields: call.fields! };
      return { text: render.entity(created), isError: false, apply: (state) => state.set(created.id, created) };
    }
    case 'get':
    case 'ghost':
      return entity ? { text: render.entity(entity), isError: false, apply: unchanged } : missing;
    case 'list':
      return { text: render.list(domain, [...truth.values()].filter(call.matches!)), isError: false, apply: unchanged };
    case 'update': {
      if (!entity) return missing;
      const updated = { id: entity.id, fields: { ...entity.fields, ...call.fields! } };
      return { text: render.entity(updated), isError: false, apply: (state) => state.set(updated.id, updated) };
    }
    case 'delete':
      return entity ? { text: render.deleted(entity.id), isError: false, apply: (state) => state.delete(entity.id) } : missing;
  }
}

function chooseKind(mix: Record<Kind, number>, roll: number): Kind {
  let sum = 0;
  for (const [kind, share] of Object.entries(mix) as [Kind, number][]) {
    sum += share;
    if (roll < sum) return kind;
  }
  return 'get';
}

const results = domains.flatMap((domain) =>
  (Object.keys(workloads) as (keyof typeof workloads)[]).map((workload) => run(domain, workload)),
);
const percent = ({ present, total }: { present: number; total: number }) =>
  total === 0 ? '–' : `${((present / total) * 100).toFixed(1)}%`;
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      results.map(({ examples: _examples, ...rest }) => rest),
      null,
      2,
    ),
  );
} else {
  console.log(
    formatTable(
      [
        'domain / workload',
        'entities',
        'needed facts present',
        'list calls',
        'other calls',
        'visible contradictions',
        'stale negative facts',
      ],
      results.map((figures) => [
        `${figures.domain} / ${figures.workload}`,
        String(figures.entitiesAtEnd),
        percent(figures.needed.all),
        percent(figures.needed.list),
        percent(figures.needed.other),
        `${figures.contradictions} / ${callsPerRun}`,
        String(figures.staleNegativeFacts),
      ]),
    ),
  );
  if (process.argv.includes('--verbose'))
    for (const figures of results) for (const example of figures.examples) console.log(`${figures.domain}/${figures.workload} ${example}`);
}

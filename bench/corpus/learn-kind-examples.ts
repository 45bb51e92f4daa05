/**
 * The tuning half's labelled tools as a learned kind lexicon reads them (learn-kind-lexicon.ts,
 * learn-kind-loso.ts): each tool's features (learn-kind-features.ts), its hand
 * label's kinds and entity, and what the rules read (their kinds, their basis, their entity).
 * Only tuning-half servers: a held-out server is refused by `corpusHalf` before its labels are used.
 *
 * @example
 *   loadKindExamples().filter((example) => example.basis === 'none').length; // tools no rule read
 */
import { toKindFeatures } from './learn-kind-features.js';
import { readServer } from '../../src/reading/read-server.js';
import { toCommonPrefix, toServiceWords } from '../../src/reading/tool-name.js';
import { corpusDir, loadCorpus, toLabelKinds, type CorpusEntry } from './corpus-files.js';
import { toMeasuredServer } from './measure.js';
import { toReadKinds } from './measure-kind.js';
import { toEntityKey } from './measure-readings.js';
import { corpusHalf } from './split.js';

/** One labelled tool of the tuning half. */
export interface KindExampleRow {
  server: string;
  tool: string;
  features: string[];
  /** The label's kinds (`list|search` → both). */
  kinds: string[];
  /** The kinds the rules read (several for a tool that dispatches by an argument). */
  ruleKinds: string[];
  basis: string;
  dispatch: boolean;
  /** The label names an entity, and the rules' entity is it (as the bench compares entities). */
  labelEntity: string | null;
  /** The rules' entity (`item` where the name has no noun). */
  readEntity: string;
  entityRight: boolean;
}

/**
 * Every labelled tool of the tuning-half servers under `directory`.
 *
 * @throws when asked for a held-out server by name: its labels are never read against.
 */
export function loadKindExamples(directory = corpusDir, only?: ReadonlySet<string>): KindExampleRow[] {
  return loadCorpus(directory)
    .filter((entry) => only === undefined || only.has(entry.server.name))
    .flatMap((entry) => {
      if (corpusHalf(entry.server) !== 'tuning') {
        if (only !== undefined) throw new Error(`${entry.server.name} is a held-out server: a lexicon learns from the tuning half only`);
        return [];
      }
      return toServerExamples(entry);
    });
}

function toServerExamples({ server, labels }: CorpusEntry): KindExampleRow[] {
  if (!labels) return [];
  const { tools, serverNames } = toMeasuredServer(server);
  const model = readServer(tools, { serverNames });
  const serviceWords = toServiceWords(serverNames);
  const context = { prefix: toCommonPrefix(model.tools), serviceWords };
  const rows: KindExampleRow[] = [];
  for (const tool of model.tools) {
    const label = labels.tools[tool.name];
    if (!label) continue;
    const shape = model.shapes.get(tool.name)!;
    const entityKey = toEntityKey(shape.entity, serviceWords);
    rows.push({
      server: server.name,
      tool: tool.name,
      features: toKindFeatures(tool, context),
      kinds: toLabelKinds(label),
      ruleKinds: toReadKinds(model, tool.name),
      basis: shape.basis,
      dispatch: shape.dispatch !== null,
      labelEntity: label.entity ?? null,
      readEntity: shape.entity,
      entityRight: label.entity?.split('|').some((entity) => toEntityKey(entity, serviceWords) === entityKey) ?? false,
    });
  }
  return rows;
}

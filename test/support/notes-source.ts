import { createToolResults } from '../../src/sim/tool-results.js';
import type { ToolResultSource } from '../../src/sim/source/tool-result-source.js';

/**
 * Answers for an @acme/notes test server: fixtures in `fixturesDir` first, else the synthesizing
 * simulator, plus the world change a notes server would make, so a (shared) world shows up in the
 * memory: `create_note {id, text}` upserts note `id`, `delete_note {id}` deletes it.
 */
export function createNotesSource(fixturesDir: string): ToolResultSource {
  const simulator = createToolResults({ fixturesDir, missPolicy: 'synthesize' });
  return {
    async resolve(call) {
      const resolution = await simulator.resolve(call);
      if (!resolution) return resolution;
      const id = String(call.arguments.id);
      if (call.tool === 'create_note')
        return { ...resolution, worldChanges: { upserts: [{ type: 'note', id, fields: { text: call.arguments.text ?? '' } }] } };
      if (call.tool === 'delete_note') return { ...resolution, worldChanges: { deletes: [{ type: 'note', id }] } };
      return resolution;
    },
  };
}

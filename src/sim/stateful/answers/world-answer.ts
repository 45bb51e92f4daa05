import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';
import { toHierarchyAnswer } from '../hierarchy-answer.js';
import { toManifestError } from '../manifest-text.js';

/**
 * The world operations (create, read, list, search, update, move, transition, batch, delete,
 * an action, a web page, a described value): the world answers them as the
 * call's operation reads it (world-answers.ts), and keeps what they change.
 */
export const answerFromTheWorld: AnswerModule = (call) =>
  // `get_workspace_hierarchy`: the tree of the spaces, folders and lists the world holds (hierarchy-answer.ts).
  // `resources_create_or_update(resource: "web")`: a manifest argument given text that spells no object is refused (manifest-text.ts).
  toAnswered(
    toManifestError(call) ?? (call.shape.operation === 'read' ? toHierarchyAnswer(call.tool, call.world) : null) ?? call.fromWorld(),
    call.tool,
  );

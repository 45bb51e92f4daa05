/**
 * The longer names the tools give an entity type: the type read as `message` is spelled
 * `ConversationMessage` in `CreateConversationMessage`. The entity reading drops the owner in front
 * (the head noun names the type), but a service's data may key the type by its full name: Twilio's
 * Conversations message is an `IM…` SID, its SMS message an `SM…` one (service-id-formats.ts).
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The type with the one or two words before it in each of its tools' names, longest first.
 *
 * @example
 *   toTypeSpellings([{ name: 'CreateConversationMessage' }], shapes, 'message'); // ['create_conversation_message', 'conversation_message']
 */
export function toTypeSpellings(
  tools: readonly Pick<ToolDefinition, 'name'>[],
  shapes: ReadonlyMap<string, Pick<ToolShape, 'entity'>>,
  type: string,
): string[] {
  const typeWords = type.split('_');
  const found = new Set<string>();
  for (const tool of tools) {
    if (shapes.get(tool.name)?.entity !== type) continue;
    const words = toWords(tool.name).map(toSingular);
    const end = words.lastIndexOf(typeWords[typeWords.length - 1]!);
    const start = end - typeWords.length + 1;
    if (start < 1 || words.slice(start, end + 1).join('_') !== type) continue;
    for (const before of [2, 1]) if (start - before >= 0) found.add([...words.slice(start - before, start), type].join('_'));
  }
  return [...found].sort((a, b) => b.length - a.length);
}

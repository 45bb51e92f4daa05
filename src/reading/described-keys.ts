/**
 * Where a key a description writes before a name goes (`WEB-1 "Design new landing page"`): the
 * argument the server's tools name the type's key by (`issueKey`, `issue_key`, or a bare `key` of a
 * tool that acts on the type), so a read by that key finds the described entity. Pure.
 */
import { toWords } from './entity-words.js';
import type { ServiceModel } from './read-server.js';

/**
 * The field a described key of `type` is written to, or null where no tool names the type by a key.
 *
 * @example
 *   toDescribedKeyField(backlogModel, 'issue'); // 'issueKey'
 */
export function toDescribedKeyField(model: Pick<ServiceModel, 'tools' | 'shapes'>, type: string): string | null {
  const own = `${toWords(type).join('')}key`;
  let bare: string | null = null;
  for (const tool of model.tools) {
    const properties = (tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
    for (const name of Object.keys(properties)) {
      const normal = name.toLowerCase().replace(/[_-]/g, '');
      if (normal === own) return name;
      if (normal === 'key' && model.shapes.get(tool.name)?.entity === type) bare ??= name;
    }
  }
  return bare;
}

/**
 * Whether a type's id field is its key (`key`, `issue_key` of an issue): a key a description writes
 * (`SHOP-12 "…"`) is then the record's id, not a field beside a made-up one.
 *
 * @example
 *   isKeyIdField('issue', 'key'); // true
 */
export function isKeyIdField(type: string, idField: string): boolean {
  const normal = idField.toLowerCase().replace(/[_-]/g, '');
  return normal === 'key' || normal === `${toWords(type).join('')}key`;
}

/**
 * A type the tools name only by its bare word (`pods_list_in_namespace(namespace)`,
 * `zowe_list_members(dataset)`, `zowe_read_dataset(dataset)`), never by an id (no `namespaceId`,
 * no argument described as an id), is keyed by its name: what a caller writes under that argument
 * is the name a person knows it by (a Kubernetes namespace, a z/OS dataset). A description's
 * `Namespace shop` seeds the namespace with the id `shop`, so the pods in it carry
 * `namespace: 'shop'` and a list by `namespace: 'shop'` finds them. Pure.
 */
import { toWords } from './entity-words.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ServiceModel } from './read-server.js';

/** A description that says the argument is an id (`The ID of the channel`, `channel identifier`). */
const saysId = /\b(?:ids?|identifier|uuid|guid)\b/i;

/**
 * @example
 *   isNameKeyed(readServer(kubernetesTools), 'namespace'); // true: pods_list_in_namespace(namespace), no namespaces_get
 *   isNameKeyed(readServer(todoTools), 'list'); // false: create_task(listId)
 */
export function isNameKeyed(model: Pick<ServiceModel, 'entityTypes' | 'shapes' | 'tools'>, type: string): boolean {
  const word = toWords(type).join('_');
  const arguments_: string[] = [];
  for (const shape of model.shapes.values()) if (shape.entity === type && shape.idArgument !== null) arguments_.push(shape.idArgument);
  let parent = false;
  for (const entityType of model.entityTypes.values())
    for (const reference of entityType.parents)
      if (reference.type === type && entityType.name !== type) {
        arguments_.push(reference.argument);
        parent = true;
      }
  if (!parent || arguments_.some((argument) => toWords(argument).join('_') !== word)) return false;
  return !model.tools.some((tool) => {
    const properties = propertiesOf(tool);
    return arguments_.some((argument) => {
      const description = Object.hasOwn(properties, argument) ? properties[argument]!.description : undefined;
      return typeof description === 'string' && saysId.test(description);
    });
  });
}

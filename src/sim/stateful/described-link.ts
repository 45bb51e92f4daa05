/**
 * The link a create says it makes: Lemon Squeezy's `create_checkout` "Create a new checkout URL …
 * Returns a URL where the customer can complete their purchase" answers the checkout with its
 * `url`, which is what a caller came for. The link is the service's page of the new entity, made
 * from the server's name, the type and the id (`https://lemon-squeezy.example.com/checkouts/<id>`),
 * the same for the same entity; a URL the call gave (a webhook's target) is kept instead. An
 * action that says so ("Generate a PDF invoice … Returns a download URL") answers it too
 * (action-answer.ts).
 */
import { toPlural, toWords } from '../../reading/entity-words.js';
import { fieldValue } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

/** A description that says the tool makes or hands back a URL or link: `Returns a URL`, `Create a new checkout URL`, `generates a link`. */
const saysLink = /\b(?:returns?|creates?|generates?|makes?)\s+(?:(?:a|an|the)\s+)?(?:new\s+)?(?:[\w-]+\s+)?(?:url|link)\b/i;

/**
 * `{ url }` for a create whose description says it returns a link, when the fields hold none; else
 * an empty object.
 *
 * @example
 *   describedLink(createCheckout, {}, '4e7075ab-…'); // { url: 'https://lemon-squeezy.example.com/checkouts/4e7075ab-…' }
 */
export function describedLink(input: AnswerInput, fields: Readonly<Record<string, unknown>>, id: string): Record<string, unknown> {
  if (!saysLink.test(input.tool.description ?? '') || fieldValue(fields, 'url') !== undefined) return {};
  const server = input.model.serverNames.at(-1) ?? input.serverTools[0]?.name ?? 'service';
  const host = server
    .replace(/^@[^/]+\//, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const path = toPlural(toWords(input.shape.entity).join('-'));
  return { url: `https://${host || 'service'}.example.com/${path}/${encodeURIComponent(id)}` };
}

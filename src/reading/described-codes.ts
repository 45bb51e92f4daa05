/**
 * Records people list by their code, as invoices, orders and tickets are listed in any service:
 * `INV-0041 for Harbor Bakery, 1,200 USD, sent on March 3` is the record whose code is `INV-0041`,
 * and the words after it tell what it is for (its parent), what it comes to and the state it took
 * when. The code is the record's human key: it goes to the field the type's tools write such a
 * code to (`invoice_number`, `orderCode`, a bare `number` or `code` of the type's own tools), not
 * to its id. `Harbor Bakery (client 4101)`: the type's own word and a number beside a record is that
 * record's id, as `(id 4101)` is. A `#N` number is PagerDuty's and GitHub's incident or issue
 * number (read elsewhere); this file reads codes that carry letters. Pure.
 */
import { toWords } from './entity-words.js';
import type { ServiceModel } from './read-server.js';

/** A code: letters, an optional dash or underscore, and digits (`INV-0041`, `ORD_7`, `PO1042`). */
const code = String.raw`[A-Za-z][A-Za-z]*[-_]?\d+(?:-\d+)*`;
/** What a record's code is followed by: a comma, or a preposition that says what it is for, to or from. */
const told = new RegExp(String.raw`^(${code})(?:\s*[,:—–]\s*|\s+(?=(?:for|to|from|by|on|in|with|at|of)\s))(.+)$`);

/**
 * One item of a list that gives a record by its code and the words about it (its details, as a
 * parenthesis would give them), or null. Thousands separators leave the amounts (`1,200 USD`), so a
 * comma separates only the words.
 *
 * @example
 *   toCodedItem('INV-0041 for Harbor Bakery, 1,200 USD, sent on March 3');
 *   // { name: 'INV-0041', key: 'INV-0041', details: 'for Harbor Bakery, 1200 USD, sent on March 3' }
 */
export function toCodedItem(item: string): { name: string; key: string; details: string } | null {
  const found = told.exec(item.trim());
  if (!found) return null;
  return { name: found[1]!, key: found[1]!, details: withoutThousands(found[2]!.trim()) };
}

/** Whether a piece of a labelled list opens with a record's code and what it is for (`INV-0042 for Lumen Dental, …`). */
export function isCodedItem(piece: string): boolean {
  return new RegExp(String.raw`^(?:and\s+)?${code}(?:\s*,|\s+(?:for|to|from)\s)`).test(piece.trim());
}

/** `1,200.50 USD` → `1200.50 USD`: the commas that group a number's digits, not those between words. */
export function withoutThousands(text: string): string {
  return text.replace(/(?<=\d),(?=\d{3}(?!\d))/g, '');
}

/**
 * The id a record's parenthesis gives by its type's word and a number: `client 4101`, `client #4101`,
 * `client no. 4101` for a client, or undefined.
 *
 * @example
 *   toTypedId('client 4101', 'client'); // '4101'
 */
export function toTypedId(details: string | undefined, type: string): string | undefined {
  const word = toWords(type).join(String.raw`[\s_-]+`);
  const id = new RegExp(String.raw`(?:^|[,;]\s*)${word}\s*(?:#|no\.?|number)?\s*(\d+)\s*(?:$|[,;])`, 'i').exec(details ?? '');
  return id?.[1];
}

/**
 * The field a described code of `type` is written to: the text argument its tools name the type's
 * number or code by (`invoice_number`, `orderCode`), else a bare `number` or `code` of a tool that acts
 * on the type; null where no tool has one, or where the codes carry no letters (a `#42` is a number).
 *
 * @example
 *   toCodeField(freshbooksModel, 'invoice', ['INV-0041']); // 'invoice_number'
 */
export function toCodeField(model: Pick<ServiceModel, 'tools' | 'shapes'>, type: string, keys: readonly string[]): string | null {
  if (keys.length === 0 || !keys.every((key) => new RegExp(`^${code}$`).test(key))) return null;
  const own = new Set(['number', 'code', 'no'].map((suffix) => `${toWords(type).join('')}${suffix}`));
  let bare: string | null = null;
  for (const tool of model.tools) {
    const properties = (tool.inputSchema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
    for (const [name, schema] of Object.entries(properties)) {
      if (schema.type !== undefined && schema.type !== 'string') continue;
      const normal = name.toLowerCase().replace(/[_-]/g, '');
      if (own.has(normal)) return name;
      if ((normal === 'number' || normal === 'code') && model.shapes.get(tool.name)?.entity === type) bare ??= name;
    }
  }
  return bare;
}

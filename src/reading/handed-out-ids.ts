/**
 * Whether a create-verb tool acts on a record the service already handed out. `send_invoice(invoice_id)`
 * reads as a create (the verb `send` makes something), but where another tool makes invoices without
 * an id (`create_invoice(client_id, lines)`), invoice ids are the service's to hand out: an opaque
 * record id argument names an invoice that exists, the one sent, never a new one under that id.
 * The simulator acts on it (sim/stateful/existing-target.ts) and `mcpsim explain` says so
 * (tool-explanation.ts): one reading for both.
 */
import { isRecordIdArgument } from './record-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/**
 * @example
 *   namesHandedOutRecord(shapes.get('send_invoice')!, shapes); // true where create_invoice takes no invoice id
 *   namesHandedOutRecord(shapes.get('create_document')!, shapes); // false where it is the type's only create
 */
export function namesHandedOutRecord(shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): boolean {
  if (shape.operation !== 'create' || !isRecordIdArgument(shape.idArgument)) return false;
  for (const other of shapes.values())
    if (other.tool !== shape.tool && other.entity === shape.entity && other.operation === 'create' && other.idArgument === null)
      return true;
  return false;
}

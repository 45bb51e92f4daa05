import type { z } from 'zod';
import { toFieldMessage } from '../../domain/field-message.js';

/**
 * The message of a request's `validation_error`: each field path and its rule, e.g.
 * `server: must match ^@?[a-zA-Z0-9]...; name: must be at most 255 characters long`.
 * Values are not echoed: a request may carry secrets (connection headers) that must never reach
 * an error.
 */
export function toValidationMessage(issues: readonly z.core.$ZodIssue[], root = 'body'): string {
  return toFieldMessage(issues, undefined, root);
}

import type { AppDependencies } from '../context.js';
import { mintToken } from '../mint-token.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { validationErrorSchema } from '../schemas/connection-schemas.js';
import { tokenRequestSchema, tokenResponseSchema } from '../schemas/token-schemas.js';

/** `POST /tokens`. */
export function tokenOperations({ clock, tokens }: Pick<AppDependencies, 'clock' | 'tokens'>): Operation[] {
  return [
    defineOperation({
      method: 'POST',
      path: '/tokens',
      tag: 'tokens',
      summary: "Mint a service token limited by a policy; never wider, nor longer-lived, than the caller's credential",
      permission: 'credential',
      body: { schema: tokenRequestSchema, required: false },
      responses: {
        200: { description: 'The token and when it expires', schema: tokenResponseSchema },
        400: { description: 'The policy breaks a rule; the message names the constraint index and field', schema: validationErrorSchema },
      },
      async handle(c, { caller, body }) {
        return c.json(await mintToken({ tokens, clock, caller, request: body }));
      },
    }),
  ];
}

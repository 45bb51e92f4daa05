import { z } from 'zod';
import { version } from '../../version.js';
import type { AppDependencies } from '../context.js';
import { defineOperation, type Operation } from '../operation.js';
import { toOpenApiDocument } from '../openapi.js';
import { healthSchema } from '../schemas.js';

/** `GET /health` and `GET /openapi.json`, the two routes that need no credential. */
export function systemOperations(listAll: () => readonly Operation[], { clock }: Pick<AppDependencies, 'clock'>): Operation[] {
  let document: unknown;
  return [
    defineOperation({
      method: 'GET',
      path: '/health',
      tag: 'system',
      summary: 'Liveness check',
      public: true,
      responses: { 200: { description: 'The server is up', schema: healthSchema } },
      handle: (c) => c.json({ status: 'ok' as const, timestamp: clock.now().toISOString() }),
    }),
    defineOperation({
      method: 'GET',
      path: '/openapi.json',
      tag: 'system',
      summary: 'This OpenAPI 3.1 document',
      public: true,
      responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.looseObject({ openapi: z.string() }) } },
      handle: (c) => c.json((document ??= toOpenApiDocument(listAll(), version))),
    }),
  ];
}

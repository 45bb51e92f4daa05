import { z } from 'zod';
import { version } from '../../version.js';
import type { AppDependencies } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { toOpenApiDocument } from '../schemas/openapi.js';
import { healthSchema, indexSchema } from '../schemas/connection-schemas.js';

/**
 * `GET /`, `GET /health` and `GET /openapi.json`, the routes that need no credential. `GET /` is
 * the dashboard for a browser (a request that accepts `text/html`, when a dashboard is mounted)
 * and a small JSON index for everyone else; the Accept header is read on this route only.
 */
export function systemOperations(
  listAll: () => readonly Operation[],
  { clock, publicUrl, dashboard }: Pick<AppDependencies, 'clock' | 'publicUrl' | 'dashboard'>,
): Operation[] {
  let document: unknown;
  const base = publicUrl;
  return [
    defineOperation({
      method: 'GET',
      path: '/',
      tag: 'system',
      summary: 'What this server is, with links; a browser (Accept: text/html) gets the dashboard',
      public: true,
      responses: {
        200: { description: 'The index; a request that accepts text/html gets the dashboard (an HTML page) instead', schema: indexSchema },
      },
      handle(c) {
        if (dashboard && acceptsHtml(c.req.header('accept'))) return dashboard.answerRoot(c);
        const url = base();
        return c.json({
          name: 'mcpsim' as const,
          version,
          links: { openapi: `${url}/openapi.json`, health: `${url}/health`, dashboard: `${url}/ui` },
        });
      },
    }),
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

/** Whether an Accept header asks for HTML (browsers list `text/html` first; API clients send JSON or nothing). */
function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/html');
}

import { z } from 'zod';
import { createReadableId } from '../../domain/readable-id.js';
import { canAccessNamespace, type Permission } from '../http/access.js';
import type { AppDependencies } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import {
  deleteNamespaceSchema,
  errorSchema,
  namespaceListQuerySchema,
  namespaceListSchema,
  namespaceName,
  namespaceSchema,
  newNamespaceName,
  validationErrorSchema,
} from '../schemas/connection-schemas.js';
import { toNamespaceView } from '../schemas/views.js';
import { namespaceNotFound } from '../lookups.js';

const nameParams = z.object({ name: namespaceName });
const tag = 'namespaces';
const writeNamed: Permission = { resource: 'namespaces', operation: 'write', namespaceParam: 'name' };

/** `GET|POST /namespaces`, `PUT|DELETE /namespaces/{name}`. */
export function namespaceOperations({ stores, clock, random }: AppDependencies): Operation[] {
  return [
    defineOperation({
      method: 'GET',
      path: '/namespaces',
      tag,
      summary: "List the caller's namespaces (all of them, or one page with page/pageSize); a service token sees those it may read",
      permission: { resource: 'namespaces', operation: 'read', each: 'namespace' },
      query: namespaceListQuerySchema,
      responses: { 200: { description: 'The namespaces', schema: namespaceListSchema } },
      handle(c, { account, caller, query }) {
        let namespaces = stores.namespaces.list(account.id).filter((namespace) => canAccessNamespace(caller, 'read', namespace.name));
        // Without pageSize, page 1 holds every namespace and later pages are empty, so an
        // auto-paginating client (the SDK asks for page 2, 3, ...) stops without repeats.
        const page = query.page ?? 1;
        const pageSize = query.pageSize ?? Math.max(namespaces.length, 1);
        namespaces = namespaces.slice((page - 1) * pageSize, page * pageSize);
        return c.json({ namespaces: namespaces.map(toNamespaceView) });
      },
    }),
    defineOperation({
      method: 'POST',
      path: '/namespaces',
      tag,
      summary: 'Create a namespace with a generated readable name',
      permission: { resource: 'namespaces', operation: 'write' },
      responses: { 201: { description: 'Created', schema: namespaceSchema } },
      handle(c, { account }) {
        for (;;) {
          const result = stores.namespaces.ensure(account.id, createReadableId(random), clock.now().toISOString());
          if (result.created) return c.json(toNamespaceView(result.namespace), 201);
        }
      },
    }),
    defineOperation({
      method: 'PUT',
      path: '/namespaces/{name}',
      tag,
      summary: 'Create a namespace with the given name; idempotent (200 when it already exists)',
      permission: writeNamed,
      params: z.object({ name: newNamespaceName }),
      responses: {
        200: { description: 'Already existed', schema: namespaceSchema },
        201: { description: 'Created', schema: namespaceSchema },
        400: {
          description:
            'Invalid name, or a name reserved for a top-level route (servers, namespaces, tokens, health, connect, api, skills, organizations, ui, __*)',
          schema: validationErrorSchema,
        },
      },
      handle(c, { account, params }) {
        const result = stores.namespaces.ensure(account.id, params.name, clock.now().toISOString());
        return c.json(toNamespaceView(result.namespace), result.created ? 201 : 200);
      },
    }),
    defineOperation({
      method: 'DELETE',
      path: '/namespaces/{name}',
      tag,
      summary: 'Delete a namespace and every connection in it',
      permission: writeNamed,
      params: nameParams,
      responses: {
        200: { description: 'Deleted', schema: deleteNamespaceSchema },
        404: { description: 'Not found or not yours', schema: errorSchema },
      },
      handle(c, { account, params }) {
        if (!stores.namespaces.delete(account.id, params.name)) throw namespaceNotFound(params.name);
        return c.json({ name: params.name, success: true as const });
      },
    }),
  ];
}

import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';

describe('GET /openapi.json', () => {
  let harness: Harness;

  let document: any;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    document = (await harness.call('GET', '/openapi.json', { key: null })).body;
  });
  /** Follows `$ref`s into components.schemas. */

  const resolve = (schema: any): any => {
    if (!schema?.$ref) return schema;
    const name = String(schema.$ref).replace('#/components/schemas/', '');
    expect(document.components.schemas[name], schema.$ref).toBeDefined();
    return resolve(document.components.schemas[name]);
  };
  afterAll(() => harness.close());

  it('is an OpenAPI 3.1 document with every operation the server serves', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = harness.platform.operations;
    for (const operation of operations) {
      expect(document.paths[operation.path]?.[operation.method.toLowerCase()], `${operation.method} ${operation.path}`).toBeDefined();
    }
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/connect/{namespace}/{connectionId}', '/connect/{namespace}', '/namespaces/{name}', '/health']),
    );
  });

  it('passes an OpenAPI 3.1 schema validator', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the PUT body with the same rules the server enforces', () => {
    const put = document.paths['/connect/{namespace}/{connectionId}'].put;
    const body = resolve(put.requestBody.content['application/json'].schema);
    expect(put.requestBody.required).toBe(true);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.server).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^@?[a-zA-Z0-9][a-zA-Z0-9_-]*(?:\\/[a-zA-Z0-9][a-zA-Z0-9_-]*)?$',
    });
    expect(body.properties.name).toMatchObject({ minLength: 1, maxLength: 255 });
    expect(body.properties.source.properties.sourceFiles).toMatchObject({ minItems: 1, maxItems: 16 });
    expect(body.properties.source.properties.sourceFiles.items.properties.contents).toMatchObject({ maxLength: 131072 });
    expect(body.properties.transport.enum).toEqual(['http', 'uplink']);
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401', '404', '409']));
  });

  it('describes the Connection response as closed, with the status variants', () => {
    const connection = resolve(
      document.paths['/connect/{namespace}/{connectionId}'].get.responses['200'].content['application/json'].schema,
    );
    expect(connection.additionalProperties).toBe(false);
    expect(Object.keys(connection.properties).sort()).toEqual(
      ['connectionId', 'createdAt', 'iconUrl', 'mcpUrl', 'metadata', 'mock', 'name', 'serverInfo', 'status', 'transport'].sort(),
    );
    const status = resolve(connection.properties.status);
    expect(status.oneOf ?? status.anyOf).toHaveLength(5);
    expect(connection.required).toEqual(expect.arrayContaining(['connectionId', 'name', 'mcpUrl', 'metadata']));
  });

  it('documents path and query parameters', () => {
    const list = document.paths['/connect/{namespace}'].get;
    expect(list.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual([
      'path:namespace',
      'query:limit',
      'query:cursor',
      'query:name',
      'query:mcpUrl',
    ]);
    expect(document.paths['/health'].get.security).toEqual([]);
  });
});

/**
 * The scenario file format (`scenarios/*.yaml`): what a QA person writes. One zod schema is the
 * whole truth: the loader validates with it, and `scenarios/scenario.schema.json` (which editors
 * use for autocompletion) is generated from it.
 *
 * Names are plain words; every field has a description, because the JSON Schema shows them as
 * hints in the editor.
 */
import { z } from 'zod';
import { faultSchema, type Fault } from '../domain/fault.js';
import { entityCorrectionsSchema, seedWorldSchema, toolOverridesSchema } from '../domain/mock-settings.js';
import { mockSurfaceSchema } from '../domain/mock-surface.js';

export { faultSchema, type Fault };

const jsonSchemaObject = z.record(z.string(), z.unknown()).describe('a JSON Schema object');

export const scenarioToolSchema = z
  .strictObject({
    name: z.string().min(1).describe('the tool name the server offers, e.g. list_issues'),
    title: z.string().optional().describe('a human-friendly tool name'),
    description: z.string().optional().describe('what the tool does, as the real server describes it'),
    inputSchema: jsonSchemaObject.optional().describe('JSON Schema of the arguments (default: an object with any properties)'),
    outputSchema: jsonSchemaObject.optional().describe('JSON Schema of the structured result, when the tool has one'),
    annotations: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('MCP tool annotations, e.g. readOnlyHint: true (the stateful simulator reads them)'),
    // The rest of an MCP Tool, so a real server's tools/list answer can be pasted as it is.
    icons: z.array(z.record(z.string(), z.unknown())).optional().describe('MCP tool icons, as the real server lists them'),
    execution: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('MCP tool execution hints, e.g. taskSupport: forbidden, as the real server lists them'),
    _meta: z.record(z.string(), z.unknown()).optional().describe('MCP tool _meta, as the real server lists it'),
  })
  .describe('one tool of the server');

export const scenarioServerSchema = z
  .strictObject({
    qualifiedName: z
      .string()
      .regex(/^@?[a-zA-Z0-9][\w.-]*(\/[\w.-]+)?$/, 'must look like @owner/name')
      .describe('registry name, e.g. @qa/tracker'),
    displayName: z.string().min(1).optional().describe('the name shown in listings (default: the qualifiedName)'),
    description: z.string().optional().describe('what the server is; the simulator reads it'),
    serverInfo: z
      .looseObject({ name: z.string().min(1), version: z.string().min(1) })
      .optional()
      .describe(
        'what its connections answer as serverInfo in initialize: name, version, and title, description, websiteUrl, icons when set (default: its slug, 1.0.0)',
      ),
    protocolVersion: z
      .string()
      .min(1)
      .optional()
      .describe('the MCP protocol version the real server negotiated when it was captured, e.g. 2025-06-18 (mcpsim verify compares it)'),
    tools: z.array(scenarioToolSchema).describe('its tools'),
    ...mockSurfaceSchema.shape,
  })
  .describe('a custom server added to the registry for this scenario');

/** Environment variable names as a shell accepts them. */
const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A leading `KEY=VALUE` word of a command line: the process's environment, as in a shell. */
const envWordPattern = /^[A-Za-z_][A-Za-z0-9_]*=/;

export const scenarioUplinkSchema = z
  .union([
    z
      .string()
      .trim()
      .min(1, 'must be a command line, e.g. "npx -y @modelcontextprotocol/server-memory"')
      .refine(
        (line) => line.split(/\s+/).some((word) => !envWordPattern.test(word)),
        'must name the program after its KEY=VALUE words, e.g. "API_KEY=abc node server.js"',
      )
      .describe(
        'the command line of a local stdio MCP server, split on spaces, e.g. "node server.js" (for arguments with spaces or an environment, use { command, args, env })',
      ),
    z
      .strictObject({
        command: z
          .string()
          .trim()
          .min(1, 'must name the program to start, e.g. node or npx')
          .describe('the program to start, e.g. node or npx (found on PATH)'),
        args: z
          .array(z.string())
          .default([])
          .describe('its arguments, e.g. [../node_modules/@modelcontextprotocol/server-memory/dist/index.js]'),
        env: z
          .record(
            z.string().regex(envNamePattern, 'must be an environment variable name: letters, digits and _, not starting with a digit'),
            z.string(),
          )
          .optional()
          .describe(
            "environment variables for the process, added to a safe default (PATH, HOME...); never printed or stored, and mcpsim's own environment is not passed on",
          ),
        cwd: z.string().min(1).optional().describe('the folder to start it in, relative to this file (default: the folder of this file)'),
      })
      .describe('the local stdio MCP server to start'),
  ])
  .describe(
    'a local stdio MCP server that mcpsim starts and pairs with this connection (an uplink connection): a command line, or { command, args, env, cwd }',
  );

export const scenarioConnectionSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-zA-Z0-9_][a-zA-Z0-9._~@:+-]{0,254}$/, 'must be a connection id: letters, digits and ._~@:+- (no slash)')
      .describe('the connection id'),
    name: z.string().min(1).optional().describe('a display name for the connection'),
    server: z.string().optional().describe('a registry qualifiedName (from the catalog or servers above)'),
    mcpUrl: z.string().url().optional().describe('a real MCP server URL instead of a registry server'),
    uplink: scenarioUplinkSchema.optional(),
    metadata: z.record(z.string(), z.unknown()).optional().describe('free key-value data; token policies can match on it'),
    headers: z.record(z.string(), z.string()).optional().describe('sent to the upstream; stored encrypted'),
    mock: z
      .union([
        z.boolean(),
        z.string(),
        z
          .strictObject({
            scenario: z.string().optional().describe('the text that describes the simulated world (the model reads it)'),
            world: seedWorldSchema.optional(),
            tools: toolOverridesSchema.optional(),
            entities: entityCorrectionsSchema.optional(),
          })
          .describe('mock mode with its settings'),
      ])
      .optional()
      .describe('true, the text that describes the simulated world, or { scenario, world, tools, entities } (turns mock mode on)'),
    status: z
      .enum(['auth_required', 'input_required', 'error', 'disconnected'])
      .optional()
      .describe('force this status, to test how a client handles it'),
    faults: z.array(faultSchema).optional().describe('latency, errors and status changes to inject'),
  })
  .describe('a connection in the namespace');

export const scenarioNamespaceSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/, 'must be letters, digits, _ and - (at most 64)')
      .describe('the namespace name, e.g. triage'),
    sharedWorld: z
      .boolean()
      .optional()
      .describe('the mock connections of this namespace share one world (a contact created in one is seen by the others)'),
    connections: z.array(scenarioConnectionSchema).default([]).describe('its connections'),
  })
  .describe('a namespace and its connections');

export const scenarioTokenSchema = z
  .strictObject({
    name: z.string().min(1).describe('a name to refer to it (printed with the token)'),
    policy: z.array(z.record(z.string(), z.unknown())).min(1).optional().describe('constraints, as POST /tokens takes them'),
  })
  .describe('a service token to mint');

export const expectationSchema = z
  .strictObject({
    isError: z.boolean().optional().describe('the result is (or is not) an error'),
    contains: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe('the result text contains this (each of these)'),
    equals: z.string().optional().describe('the result text is exactly this'),
    jsonPath: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('JSONPath → expected value, evaluated on structuredContent (or the text parsed as JSON), e.g. "$.issues[0].state": open'),
    matchesOutputSchema: z.boolean().optional().describe("structuredContent is valid against the tool's outputSchema"),
    check: z.string().optional().describe('a plain-language check, judged by the model when one is configured (skipped otherwise)'),
  })
  .describe('what the result must be');

export const stepSchema = z
  .strictObject({
    name: z.string().optional().describe('what this step does, for the report'),
    call: z
      .string()
      .regex(/^[a-zA-Z0-9][a-zA-Z0-9_-]*\/[^/\s]+\.[^\s]+$/, 'must be <namespace>/<connection>.<tool>, e.g. triage/tracker.list_issues')
      .describe('<namespace>/<connection>.<tool>'),
    arguments: z.record(z.string(), z.unknown()).default({}).describe('the tool arguments (default: none)'),
    expect: expectationSchema.optional(),
  })
  .describe('one tool call and what it must answer');

/** A JSON pointer into a tool result (RFC 6901), where a segment `*` stands for any key or index. */
const resultPointerSchema = z
  .string()
  .regex(
    /^(\/([^~/]|~[01])*)+$/,
    'must be a JSON pointer into the tool result, e.g. /structuredContent/items/*/updatedAt or /content/0/text/id (~0 for ~, ~1 for /)',
  );

export const verifyRulesSchema = z
  .strictObject({
    volatile: z
      .array(resultPointerSchema)
      .optional()
      .describe(
        'fields whose value, type or presence may change between answers, e.g. [/structuredContent/items/*/updatedAt]: mcpsim verify does not compare them',
      ),
    pin: z
      .record(resultPointerSchema, z.unknown())
      .optional()
      .describe(
        'fields whose value must stay exactly this, e.g. { /structuredContent/status: open }: mcpsim verify reports any other value',
      ),
  })
  .describe("how mcpsim verify compares one tool's answers, besides by shape");

export const verifySchema = z
  .record(
    z.string().min(1),
    z
      .record(z.string().min(1), verifyRulesSchema)
      .describe('by tool name (or * for every tool of the server): its volatile and pinned fields'),
  )
  .describe(
    "how mcpsim verify compares the answers of each server (by qualifiedName), by tool: more volatile fields, and values pinned, e.g. { '@acme/tracker': { list_issues: { volatile: [/structuredContent/items/*/updatedAt] } } }",
  );

export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional().describe('the JSON Schema of this format, e.g. ./scenario.schema.json (for editors)'),
    name: z.string().min(1).describe('the scenario name'),
    description: z.string().optional().describe('what the scenario tests'),
    fixtures: z.string().optional().describe('where its recorded results live, relative to this file (default: ../fixtures)'),
    miss: z
      .enum(['error', 'simulate', 'synthesize'])
      .optional()
      .describe(
        'what mcpsim test answers a call no fixture answers: error (default: the step fails), simulate (the stateful simulator, from the world) or synthesize',
      ),
    judge: z
      .union([z.boolean(), z.literal('strict')])
      .optional()
      .describe(
        "whether mcpsim test judges this scenario's plain-language check: steps with the model: true (a check the model could not judge is skipped), strict (it fails the step); default false, so a test needs no network",
      ),
    clock: z
      .string()
      .datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. 2026-03-03T09:00:00Z' })
      .optional()
      .describe(
        'when the scenario happens: the clock mcpsim test, record and eval start at (default 2026-01-01T00:00:00Z), and the virtual clock mcpsim serve starts at unless --clock chose one; what the simulator calls now',
      ),
    world: seedWorldSchema
      .optional()
      .describe('the world every mock connection of this scenario starts from (each adds its own mock.world)'),
    tools: toolOverridesSchema
      .optional()
      .describe(
        "corrections of the simulator's guess about tools, by tool name, for every mock connection (each may add its own mock.tools)",
      ),
    entities: entityCorrectionsSchema
      .optional()
      .describe(
        "corrections of the simulator's service model, by entity type (id format, parent, states, unique fields), for every mock connection (each may add its own mock.entities)",
      ),
    servers: z.array(scenarioServerSchema).default([]).describe('custom servers to add to the registry'),
    namespaces: z.array(scenarioNamespaceSchema).min(1).describe('the namespaces to create, at least one'),
    tokens: z.array(scenarioTokenSchema).default([]).describe('service tokens to mint'),
    steps: z.array(stepSchema).default([]).describe('tool calls to run, in order, with what they must answer'),
    verify: verifySchema.optional(),
  })
  .describe('an mcpsim scenario: servers, namespaces, connections, tokens, faults and steps');

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioStep = z.output<typeof stepSchema>;
export type ScenarioConnection = z.output<typeof scenarioConnectionSchema>;
export type ScenarioUplink = z.output<typeof scenarioUplinkSchema>;
export type Expectation = z.output<typeof expectationSchema>;
export type VerifyRules = z.output<typeof verifyRulesSchema>;

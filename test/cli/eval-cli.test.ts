/**
 * `mcpsim eval`: a scenario's steps run k times against a model faked at its HTTP API (msw), each
 * run on a fresh world; pass^k per step and the share of calls that contradicted the world.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toChatCompletion } from '../support/chat-completion.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const scenario = `name: calendar-eval
clock: "2026-03-03T08:00:00Z"
servers:
  - qualifiedName: "@qa/calendar"
    displayName: QA Calendar
    description: A team calendar.
    tools:
      - name: get_event
        description: Get one event by id.
        inputSchema: { type: object, properties: { event_id: { type: string } }, required: [event_id] }
      - name: list_events
        description: List the events of one day.
        inputSchema: { type: object, properties: { day: { type: string } }, required: [day] }
world:
  entities:
    event:
      evt_1: { title: Standup, start: "2026-03-03T09:00:00Z", status: cancelled }
      evt_2: { title: Retro, start: "2026-03-03T15:00:00Z", status: confirmed }
namespaces:
  - name: team
    connections:
      - id: calendar
        server: "@qa/calendar"
        mock: The platform team's calendar in March 2026.
steps:
  - name: Get the retro
    call: team/calendar.get_event
    arguments: { event_id: evt_2 }
    expect:
      isError: false
      jsonPath: { "$.room": Aurora }
  - name: List the day
    call: team/calendar.list_events
    arguments: { day: "2026-03-03" }
    expect:
      isError: false
`;

/** A model that names another room every other time, and always lists a cancelled event as confirmed. */
let getCalls = 0;
const prompts: string[] = [];
const server = setupServer(
  http.post('https://llm.test/v1/chat/completions', async ({ request }) => {
    const body = (await request.json()) as { messages: { content: string }[] };
    const prompt = body.messages.map((message) => message.content).join('\n');
    prompts.push(prompt);
    const call = prompt.split('# This call')[1] ?? '';
    const text = call.includes('get_event')
      ? JSON.stringify({ id: 'evt_2', title: 'Retro', status: 'confirmed', room: ++getCalls % 2 === 1 ? 'Aurora' : 'Borealis' })
      : JSON.stringify({
          events: [
            { id: 'evt_1', status: 'confirmed' },
            { id: 'evt_2', status: 'confirmed' },
          ],
        });
    const output = { text, structuredContentJson: null, isError: false, changes: { upserts: [], deletes: [], facts: [] } };
    return HttpResponse.json(toChatCompletion(output, 'fake-calendar'));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  getCalls = 0;
  prompts.length = 0;
});

const env = { OPENAI_BASE_URL: 'https://llm.test/v1', OPENAI_API_KEY: 'k', MCPSIM_MODEL: 'fake-calendar', MCPSIM_EMBEDDING_MODEL: 'off' };

const run = (argv: string[], environment: Record<string, string | undefined> = env) => runCli(argv, environment);

function scenarioFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpsim-eval-')), 'calendar.yaml');
  writeFileSync(file, scenario);
  return file;
}

describe('mcpsim eval', () => {
  it('reports pass^k per step and the calls that contradicted the world, and exits 1 below the thresholds', async () => {
    const result = await run(['eval', scenarioFile(), '--runs', '2']);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout, result.stderr).toMatch(/✗ Get the retro\s+1\/2/);
    expect(result.stdout).toMatch(/✓ List the day\s+2\/2/);
    expect(result.stdout).toContain('pass^2: 1 of 2 steps; contradictions: 2 of 4 calls (50.0%)');
    // Every billed attempt counts: the contradicted calls were asked twice (100 in / 20 out per request).
    expect(result.stdout).toContain('tokens: 600 in / 120 out over 4 model calls; per call 150 in / 30 out; per run 300 in / 60 out');
    // The scenario's clock is the platform's: the model is told it as now.
    expect(prompts[0]).toContain('# Now\n2026-03-03T08:00:00.000Z');
    expect(result.stderr).toContain(
      '50.0% of steps hold pass^2, below --min-pass 1; 50.0% of calls contradicted the world, above --max-contradictions 0',
    );
  });

  it('passes within thresholds the flags set, and prints JSON', async () => {
    const result = await run(['eval', scenarioFile(), '--runs', '2', '--min-pass', '0.5', '--max-contradictions', '0.5', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const [figures] = JSON.parse(result.stdout) as {
      steps: { name: string; passes: number; passK: boolean }[];
      calls: number;
      contradicted: number;
    }[];
    expect(figures!.steps.map((step) => [step.name, step.passes, step.passK])).toEqual([
      ['Get the retro', 1, false],
      ['List the day', 2, true],
    ]);
    expect([figures!.calls, figures!.contradicted]).toEqual([4, 2]);
  });

  it('needs a model, and checks its numbers', async () => {
    expect((await run(['eval', scenarioFile()], {})).stderr).toContain('eval needs a model');
    const bad = await run(['eval', scenarioFile(), '--runs', '0']);
    expect([bad.code, bad.stderr.includes('--runs: "0" is not a whole number from 1 to 100')]).toEqual([2, true]);
  });
});

describe('a shared world in the prompt', () => {
  it("names the connection behind each earlier call and gives the other connections' scenarios", async () => {
    const shared = scenario
      .replace('  - name: team\n    connections:', '  - name: team\n    sharedWorld: true\n    connections:')
      .replace(
        "        mock: The platform team's calendar in March 2026.\n",
        '        mock: The platform team\'s calendar in March 2026.\n      - id: planner\n        server: "@qa/calendar"\n        mock: The planner sees the same events as the calendar.\n',
      )
      .replace('  - name: List the day\n    call: team/calendar.list_events', '  - name: List the day\n    call: team/planner.list_events');
    const file = join(mkdtempSync(join(tmpdir(), 'mcpsim-eval-')), 'shared.yaml');
    writeFileSync(file, shared);
    const result = await run(['eval', file, '--runs', '1', '--min-pass', '0', '--max-contradictions', '1']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const planner = prompts.find((prompt) => (prompt.split('# This call')[1] ?? '').includes('list_events'))!;
    expect(planner).toContain(
      "This connection shares its world with others; their scenarios:\n- calendar: The platform team's calendar in March 2026.",
    );
    expect(planner).toMatch(/^#1 \S+ \[by connection calendar\] get_event /m);
  });
});

/**
 * The ten mistakes a QA engineer made writing a two-server scenario from the docs alone (issue
 * 15), each written the way they wrote it, with the exact line `mcpsim check` prints for it
 * (file:line:column) and what `mcpsim test` does with the same file: check is the gate test
 * applies, so a file check rejects never runs, and one check passes never fails for a reason
 * check could have seen.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { describeMockChange } from '../../src/scenario/apply-scenario.js';
import { checkExpectation } from '../../src/scenario/expectations.js';

const directory = mkdtempSync(join(tmpdir(), 'mcpsim-qa-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function run(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env,
    onShutdownSignal: () => undefined,
  };
  const code = await main(argv, io);
  return { code, ...out };
}

let fileCount = 0;
/** Writes the scenario as QA would, one line per argument, and returns its path. */
function scenarioFile(...lines: string[]): string {
  const file = join(directory, `meeting-planner-${++fileCount}.yaml`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The two servers QA declared: a calendar and a mailbox (lines 1-24, the same in every file). */
const head = [
  'name: meeting-planner', //                                          1
  'servers:', //                                                       2
  '  - qualifiedName: "@qa/calendar"', //                              3
  '    tools:', //                                                     4
  '      - name: create_event', //                                     5
  '        inputSchema:', //                                           6
  '          type: object', //                                         7
  '          properties:', //                                          8
  '            title: { type: string, description: what the meeting is about }', // 9
  '            durationMinutes: { type: integer }', //                 10
  '          required: [title]', //                                    11
  '      - name: list_events', //                                      12
  '  - qualifiedName: "@qa/mailbox"', //                               13
  '    tools:', //                                                     14
  '      - name: send_invite', //                                      15
  'namespaces:', //                                                    16
  '  - name: office', //                                               17
  '    connections:', //                                               18
  '      - id: calendar', //                                           19
  '        server: "@qa/calendar"', //                                 20
  '        mock: A team calendar with no events yet.', //              21
  '      - id: mailbox', //                                            22
  '        server: "@qa/mailbox"', //                                  23
  '        mock: true', //                                             24
];

async function expectCheckSays(file: string, ...lines: string[]): Promise<void> {
  const result = await run(['check', file]);
  expect(result.code).toBe(1);
  expect(result.stdout).toBe(
    `✗ ${file}\n${lines.map((line) => `  ${file}:${line}\n`).join('')}1 scenario file checked: 1 with ${lines.length} problem${lines.length === 1 ? '' : 's'}, 0 valid\n`,
  );
  // test applies the same gate: it prints the same problems and runs nothing.
  const tested = await run(['test', file]);
  expect(tested.code).toBe(1);
  expect(tested.stderr).toBe(`✗ ${file}\n${lines.map((line) => `  ${file}:${line}`).join('\n')}\n`);
}

describe("the QA engineer's ten mistakes, as mcpsim check reports them", () => {
  it('1. a misspelt property gets "did you mean"', async () => {
    const file = scenarioFile(...head, 'steps:', '  - call: office/calendar.list_events', '    expect:', '      isErorr: false');
    await expectCheckSays(file, '28:7 steps[0].expect.isErorr: unknown property; did you mean "isError"?');
  });

  it('2. a duration in words shows the format', async () => {
    const file = scenarioFile(...head, '        faults:', '          - tool: send_invite', '            latency: 2 seconds');
    await expectCheckSays(
      file,
      '27:22 namespaces[0].connections[1].faults[0].latency: must be a number of milliseconds or "<n>ms" / "<n>s", e.g. 250ms (got "2 seconds")',
    );
  });

  it('3. a number written as a string for an integer argument names the field, the rule and the type', async () => {
    const file = scenarioFile(
      ...head,
      'steps:',
      '  - call: office/calendar.create_event',
      '    arguments:',
      '      title: Planning',
      '      durationMinutes: "45"',
    );
    await expectCheckSays(
      file,
      '29:24 steps[0].arguments.durationMinutes: must be integer (the inputSchema of create_event), got "45" (a string)',
    );
  });

  it('4. a missing required argument says which and what to add', async () => {
    const file = scenarioFile(...head, 'steps:', '  - call: office/calendar.create_event', '    arguments:', '      durationMinutes: 45');
    await expectCheckSays(
      file,
      '28:7 steps[0].arguments.title: is required by the inputSchema of create_event; add title: <string, what the meeting is about>',
    );
  });

  it('5. a JSONPath with an unclosed [ is reported at its line', async () => {
    const file = scenarioFile(
      ...head,
      'steps:',
      '  - call: office/calendar.list_events',
      '    expect:',
      '      jsonPath:',
      '        "$.events[0.id": e_1',
    );
    await expectCheckSays(
      file,
      '29:9 steps[0].expect.jsonPath["$.events[0.id"]: not a valid JSONPath: expected ] to close the [ at character 9, found "." at character 11; see "JSONPath" in scenarios/README.md',
    );
  });

  it('6. a JSONPath with a trailing dot is reported at its line', async () => {
    const file = scenarioFile(
      ...head,
      'steps:',
      '  - call: office/calendar.list_events',
      '    expect:',
      '      jsonPath:',
      '        "$.events[0].id.": e_1',
    );
    await expectCheckSays(
      file,
      '29:9 steps[0].expect.jsonPath["$.events[0].id."]: not a valid JSONPath: expected a property name after the dot, found the end of the path at character 16; see "JSONPath" in scenarios/README.md',
    );
  });

  it('7. a duplicate connection id is reported once, with the steps it explains', async () => {
    const lines = [...head];
    lines[21] = '      - id: calendar';
    const file = scenarioFile(
      ...lines,
      'steps:',
      '  - call: office/mailbox.send_invite',
      '  - call: office/mailbox.send_invite',
      '  - call: office/calendar.list_events',
    );
    await expectCheckSays(
      file,
      '22:13 namespaces[0].connections[1].id: connection id "calendar" is already used by namespaces[0].connections[0] (line 19); rename one of them; steps[0], steps[1] call "mailbox", which no connection is named: is that the name one of them should have?',
    );
  });

  it('7b. a duplicate connection id is the one problem, with no "has no tool" for a step meant for the other', async () => {
    const lines = [...head];
    lines[21] = '      - id: calendar';
    const file = scenarioFile(...lines, 'steps:', '  - call: office/calendar.send_invite', '  - call: office/calendar.list_events');
    await expectCheckSays(
      file,
      '22:13 namespaces[0].connections[1].id: connection id "calendar" is already used by namespaces[0].connections[0] (line 19); rename one of them',
    );
  });

  it('reports a schema problem and a problem beyond the schema in the same run', async () => {
    const file = scenarioFile(
      ...head,
      'steps:',
      '  - call: office/calendar.list_events',
      '    expect:',
      '      isErorr: false',
      '  - call: office/calendar.create_evnt',
      '    arguments: { title: Planning }',
    );
    await expectCheckSays(
      file,
      '28:7 steps[0].expect.isErorr: unknown property; did you mean "isError"?',
      '29:11 steps[1].call: server "@qa/calendar" (servers[0]) has no tool "create_evnt"; did you mean "create_event"?',
    );
  });

  it('reports a problem of the next connection at its own place when one connection lacks its id', async () => {
    const lines = [...head];
    lines[18] = '      - name: calendar';
    lines[22] = '        server: "@qa/mailboxx"';
    const file = scenarioFile(...lines, 'steps:', '  - call: office/calendar.list_events');
    await expectCheckSays(
      file,
      '19:9 namespaces[0].connections[0].id: is required; add id: <the connection id>',
      '23:17 namespaces[0].connections[1].server: "@qa/mailboxx" is neither declared in servers nor in the demo catalog; did you mean "@qa/mailbox"?',
    );
  });

  it('8. an unclosed { is reported where it opens', async () => {
    const file = scenarioFile(
      ...head,
      'steps:',
      '  - call: office/calendar.create_event',
      '    arguments: { title: Planning, durationMinutes: 45',
      '  - call: office/calendar.list_events',
    );
    await expectCheckSays(
      file,
      '27:16 YAML syntax error: this { is never closed; end it with } on the same line (or indent its continuation lines further than the key)',
    );
  });

  it('9. a dedented jsonPath says it belongs under expect', async () => {
    const file = scenarioFile(
      ...head,
      'steps:',
      '  - call: office/calendar.list_events',
      '    expect:',
      '      isError: false',
      '    jsonPath:',
      '      "$.events[0].id": e_1',
    );
    await expectCheckSays(
      file,
      '29:5 steps[0].jsonPath: unknown property; jsonPath belongs under expect: (steps[0].expect.jsonPath); indent it there',
    );
  });

  it('10. a tool the catalog server does not have gets "did you mean"', async () => {
    const lines = [...head];
    lines[22] = '        server: "@jerhadf/linear-mcp-server"';
    const file = scenarioFile(...lines, 'steps:', '  - call: office/mailbox.linear_create_issu');
    const result = await run(['check', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `${file}:26:11 steps[0].call: catalog server "@jerhadf/linear-mcp-server" has no tool "linear_create_issu"; did you mean "linear_create_issue"?`,
    );
  });

  it('a fault on a misspelt tool (it would never fire) gets "did you mean"', async () => {
    const file = scenarioFile(
      ...head,
      '        faults:',
      '          - tool: send_invites',
      '            error: { onCall: 1, message: Mail server down }',
    );
    await expectCheckSays(
      file,
      '26:19 namespaces[0].connections[1].faults[0].tool: server "@qa/mailbox" has no tool "send_invites", so this fault would never fire; did you mean "send_invite"?',
    );
  });

  it('matchesOutputSchema on a tool without an outputSchema is caught by check, not at test time', async () => {
    const file = scenarioFile(...head, 'steps:', '  - call: office/calendar.list_events', '    expect:', '      matchesOutputSchema: true');
    await expectCheckSays(
      file,
      '28:28 steps[0].expect.matchesOutputSchema: tool list_events has no outputSchema to match; add one to the tool, or remove matchesOutputSchema',
    );
  });

  it('a file check passes runs under test: the same gate', async () => {
    const file = scenarioFile(
      ...head,
      'miss: simulate',
      'steps:',
      '  - call: office/calendar.create_event',
      '    arguments: { title: Planning, durationMinutes: 45 }',
      '    expect:',
      '      isError: false',
    );
    expect((await run(['check', file])).code).toBe(0);
    const tested = await run(['test', '--no-timings', file]);
    expect(tested.stderr).toContain('1 scenario: 1 passed');
    expect(tested.code).toBe(0);
  });
});

describe('a malformed JSONPath that reaches test time', () => {
  it('fails the step instead of passing it', () => {
    const result = { content: [{ type: 'text', text: '{"events":[{"id":"e_1"}]}' }], structuredContent: { events: [{ id: 'e_1' }] } };
    expect(checkExpectation({ jsonPath: { '$.events[0.id': 'e_1', '$.events[0].id.': 'e_1', '$.events[0].id': 'e_1' } }, result)).toEqual([
      {
        name: 'jsonPath $.events[0.id',
        pass: false,
        message: 'not a valid JSONPath: expected ] to close the [ at character 9, found "." at character 11',
      },
      {
        name: 'jsonPath $.events[0].id.',
        pass: false,
        message: 'not a valid JSONPath: expected a property name after the dot, found the end of the path at character 16',
      },
      { name: 'jsonPath $.events[0].id', pass: true, message: 'is "e_1"' },
    ]);
  });
});

describe("reports that diff clean between CI runs (QA's mistake: durations everywhere, two suites of one name)", () => {
  /** The bundled scenarios plus a copy of issue-triage.yaml under another path: two files, one scenario name. */
  const copy = join(directory, 'copies', 'triage-again.yaml');
  mkdirSync(join(directory, 'copies'));
  copyFileSync('scenarios/issue-triage.yaml', copy);
  const paths = ['--fixtures', 'fixtures', 'scenarios/', copy];

  it.each(['junit', 'json'])('gives byte-identical %s output on three runs with CI set, with no durations', async (reporter) => {
    const outputs: string[] = [];
    for (let index = 0; index < 3; index++) {
      const output = join(directory, `report-${reporter}-${index}`);
      const result = await run(['test', '--reporter', reporter, '--output', output, ...paths], { CI: 'true' });
      expect(result.code, result.stderr).toBe(0);
      outputs.push(readFileSync(output, 'utf8'));
    }
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
    expect(outputs[0]).not.toMatch(/time=|durationMs/);
  });

  it('names each JUnit suite with its file, so two files of one scenario name stay two suites', async () => {
    const result = await run(['test', '--reporter', 'junit', '--no-timings', ...paths]);
    const suites = [...result.stdout.matchAll(/<testsuite name="([^"]+)" file="([^"]+)"/g)].map((match) => [match[1], match[2]]);
    expect(suites).toEqual([
      ['crm-and-mailbox (scenarios/crm-and-mailbox.yaml)', 'scenarios/crm-and-mailbox.yaml'],
      ['flaky-upstream (scenarios/flaky-upstream.yaml)', 'scenarios/flaky-upstream.yaml'],
      ['issue-triage (scenarios/issue-triage.yaml)', 'scenarios/issue-triage.yaml'],
      [`issue-triage (${copy})`, copy],
    ]);
  });

  it('drops durations from the text report with --no-timings, and shows them otherwise (--timings wins over CI)', async () => {
    const untimed = await run(['test', '--no-timings', 'scenarios/issue-triage.yaml']);
    expect(untimed.stdout).toContain('  ✓ List the open issues\n');
    expect(untimed.stdout).not.toMatch(/\(\d+(ms|\.\d+s)\)/);
    const timed = await run(['test', '--timings', 'scenarios/issue-triage.yaml'], { CI: 'true' });
    expect(timed.stdout).toMatch(/ {2}✓ List the open issues \(\d+ms\)\n/);
    const json = await run(['test', '--reporter', 'json', 'scenarios/issue-triage.yaml']);
    expect(json.stdout).toContain('"durationMs"');
  });
});

describe("the note about a changed mock text (QA's mistake: both texts cut to the same prefix)", () => {
  it('shows both texts around the first difference', () => {
    const story = 'A team calendar for the platform group. Meetings are booked in rooms on the third floor; ';
    expect(
      describeMockChange(
        { enabled: true, scenario: `${story}nobody books Fridays.` },
        { enabled: true, scenario: `${story}everybody books Fridays.` },
      ),
    ).toBe(
      'the mock text differs from character 90: was "…on the third floor; nobody books Fridays.", now "…on the third floor; everybody books Fridays."',
    );
    expect(describeMockChange({ enabled: true }, { enabled: true, scenario: 'A calendar.' })).toBe(
      'was a mock, now a mock of "A calendar."',
    );
  });
});

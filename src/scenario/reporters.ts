/**
 * Step reports as text for people, JSON for tools, and JUnit XML for CI dashboards.
 */
import type { CheckResult } from './expectations.js';
import type { StepReport } from './run-steps.js';

export interface ReportSummary {
  total: number;
  passed: number;
  /** Misses included: a replay miss fails its step. */
  failed: number;
  skipped: number;
  /** Steps whose result no fixture held (`mcpsim test` exits non-zero on them). */
  misses: number;
  durationMs: number;
}

export interface JsonReport {
  scenario: string;
  /** The scenario file, as it was given. */
  file?: string;
  summary: ReportSummary | Omit<ReportSummary, 'durationMs'>;
  steps: Array<StepReport | Omit<StepReport, 'durationMs'>>;
}

/** One scenario's reports, for `toJunitReport`. */
export interface ReportSuite {
  name: string;
  /** The scenario file, as it was given (JUnit suites carry it, so two files of one name stay apart). */
  file?: string;
  reports: StepReport[];
}

/** `timings: false` drops every duration, so the reports of two runs of the same inputs are byte-identical. */
export interface ReportOptions {
  timings?: boolean;
}

/** Counts of a run. */
export function summarizeReports(reports: readonly StepReport[]): ReportSummary {
  const count = (outcome: StepReport['outcome']) => reports.filter((report) => report.outcome === outcome).length;
  return {
    total: reports.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    misses: reports.filter((report) => report.miss).length,
    durationMs: reports.reduce((sum, report) => sum + report.durationMs, 0),
  };
}

/**
 * A human report: ✓ / ✗ / – per step with its duration, the messages of what failed (or was
 * skipped) under it, and a summary line.
 *
 * @example
 *   toTextReport(reports, 'triage');
 *   // triage
 *   //   ✓ list open issues (4ms)
 *   //   ✗ close issue 7 (3ms)
 *   //       contains: expected the text to contain "closed"; text: "..."
 *   // 1 passed, 1 failed, 0 skipped, 0 misses
 */
export function toTextReport(reports: readonly StepReport[], scenarioName: string, { timings = true }: ReportOptions = {}): string {
  const lines = [scenarioName];
  for (const report of reports) {
    const mark = report.outcome === 'passed' ? '✓' : report.outcome === 'failed' ? '✗' : '–';
    lines.push(`  ${mark} ${report.name}${report.miss ? ' (replay miss)' : ''}${timings ? ` (${formatDuration(report.durationMs)})` : ''}`);
    if (report.error !== undefined) lines.push(...indent(report.error));
    for (const check of report.checks.filter((entry) => entry.pass !== true)) lines.push(...indent(describeCheck(check)));
  }
  lines.push(toSummaryLine(summarizeReports(reports)));
  return `${lines.join('\n')}\n`;
}

/** `12 passed, 1 failed, 1 skipped, 0 misses`. */
export function toSummaryLine(summary: ReportSummary): string {
  return `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.misses} ${summary.misses === 1 ? 'miss' : 'misses'}`;
}

/**
 * A machine report: the scenario, its summary and every step report (checks and result included).
 * Serialize it with `JSON.stringify`.
 */
export function toJsonReport(
  reports: readonly StepReport[],
  scenarioName: string,
  { timings = true, file }: ReportOptions & { file?: string } = {},
): JsonReport {
  const summary = summarizeReports(reports);
  const head = { scenario: scenarioName, ...(file === undefined ? {} : { file }) };
  if (timings) return { ...head, summary, steps: [...reports] };
  const { durationMs: _total, ...untimed } = summary;
  return { ...head, summary: untimed, steps: reports.map(({ durationMs: _step, ...step }) => step) };
}

/**
 * JUnit XML: one `<testsuite>` per scenario file, named `<scenario name> (<file>)` with a `file`
 * attribute (two files may hold scenarios of one name), one `<testcase>` per step; a failed step has a
 * `<failure>` (its message the first problem, its body all of them), a step whose only
 * non-passing checks were skipped has `<skipped/>`. Every name and message is XML-escaped.
 *
 * @example
 *   writeFileSync('junit.xml', toJunitReport([{ name: 'triage', reports }]));
 */
export function toJunitReport(suites: readonly ReportSuite[], { timings = true }: ReportOptions = {}): string {
  const time = (milliseconds: number) => (timings ? ` time="${toSeconds(milliseconds)}"` : '');
  const summaries = suites.map((suite) => summarizeReports(suite.reports));
  const total = (key: 'total' | 'failed' | 'skipped') => summaries.reduce((sum, summary) => sum + summary[key], 0);
  const totalMs = summaries.reduce((sum, summary) => sum + summary.durationMs, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpsim" tests="${total('total')}" failures="${total('failed')}" errors="0" skipped="${total('skipped')}"${time(totalMs)}>`,
  ];
  suites.forEach((suite, index) => {
    const summary = summaries[index]!;
    const name = suite.file === undefined ? suite.name : `${suite.name} (${suite.file})`;
    const file = suite.file === undefined ? '' : ` file="${escapeXml(suite.file)}"`;
    lines.push(
      `  <testsuite name="${escapeXml(name)}"${file} tests="${summary.total}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}"${time(summary.durationMs)}>`,
    );
    for (const report of suite.reports) {
      const open = `    <testcase name="${escapeXml(report.name)}" classname="${escapeXml(name)}"${time(report.durationMs)}`;
      if (report.outcome === 'passed') {
        lines.push(`${open}/>`);
        continue;
      }
      lines.push(`${open}>`);
      if (report.outcome === 'failed') {
        const problems = [
          ...(report.error === undefined ? [] : [report.error]),
          ...report.checks.filter((check) => check.pass === false).map(describeCheck),
        ];
        const details = [
          `call: ${report.call}`,
          ...problems,
          ...report.checks.filter((check) => check.pass === 'skipped').map(describeCheck),
        ];
        const type = report.miss ? 'replay-miss' : report.error === undefined ? 'expectation' : 'call-error';
        lines.push(
          `      <failure message="${escapeXml(problems[0] ?? 'failed')}" type="${type}">${escapeXml(details.join('\n'), { attribute: false })}</failure>`,
        );
      } else {
        const reasons = report.checks.filter((check) => check.pass === 'skipped').map(describeCheck);
        lines.push(`      <skipped message="${escapeXml(reasons.join('; '))}"/>`);
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  });
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/**
 * Escapes text for XML, and drops the characters XML 1.0 cannot hold. For an attribute, line
 * breaks and tabs become character references too (a parser would otherwise fold them to spaces).
 */
export function escapeXml(text: string, { attribute = true }: { attribute?: boolean } = {}): string {
  const escaped = text
    .replace(
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: they are what is removed
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return attribute ? escaped.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;') : escaped.replace(/\r/g, '&#13;');
}

function describeCheck(check: CheckResult): string {
  return `${check.name}${check.pass === 'skipped' ? ' (skipped)' : ''}: ${check.message}`;
}

function indent(text: string): string[] {
  return text.split('\n').map((line) => `      ${line}`);
}

function formatDuration(milliseconds: number): string {
  return milliseconds >= 1000 ? `${(milliseconds / 1000).toFixed(2)}s` : `${Math.round(milliseconds)}ms`;
}

function toSeconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

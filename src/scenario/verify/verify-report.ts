/**
 * `mcpsim verify`'s report: a table per server (same, drifted, missing, new), each drift with its
 * JSON pointer, the recorded and the live side, and the file and line to look at; or JSON, or
 * JUnit XML for CI. Secrets were redacted before a report is made.
 */
import type { ServerVerification } from './verify-server.js';

export const verifyReporters = ['text', 'json', 'junit'] as const;
export type VerifyReporter = (typeof verifyReporters)[number];

/**
 * @example
 *   io.stdout(toVerifyReport(verifications, 'text'));
 */
export function toVerifyReport(verifications: readonly ServerVerification[], reporter: VerifyReporter): string {
  if (reporter === 'json')
    return `${JSON.stringify({ drifted: countDrifts(verifications) > 0, servers: verifications.map(toJson) }, null, 2)}\n`;
  if (reporter === 'junit') return toJunit(verifications);
  return toText(verifications);
}

/** How many drifts there are in all. */
export function countDrifts(verifications: readonly ServerVerification[]): number {
  return verifications.reduce(
    (sum, verification) => sum + verification.subjects.reduce((count, subject) => count + subject.drifts.length, 0),
    0,
  );
}

function toJson({ driftedAnswers: _answers, ...verification }: ServerVerification) {
  return verification;
}

function toText(verifications: readonly ServerVerification[]): string {
  const lines: string[] = [];
  for (const verification of verifications) {
    lines.push(`${verification.server} (${verification.file})`);
    const width = Math.max(8, ...verification.subjects.map((subject) => subject.subject.length));
    lines.push(`  ${'subject'.padEnd(width)}  status    replayed  left out: writes  asks a model or person`);
    for (const subject of verification.subjects)
      lines.push(
        `  ${subject.subject.padEnd(width)}  ${subject.status.padEnd(8)}  ${String(subject.replayed).padStart(8)}  ${String(subject.skipped).padStart(16)}  ${String(subject.unanswerable).padStart(22)}`,
      );
    const drifts = verification.subjects.flatMap((subject) => subject.drifts);
    if (drifts.length > 0) lines.push('', '  drift:');
    for (const drift of drifts)
      lines.push(
        `  ${drift.file}:${drift.line}  ${drift.subject} ${drift.where} ${drift.path || '/'}: ${drift.change} (recorded ${drift.recorded}, live ${drift.live})`,
      );
    lines.push('');
  }
  const total = countDrifts(verifications);
  lines.push(
    total === 0
      ? 'No drift: the live server still matches what the files recorded.'
      : `${total} drift${total === 1 ? '' : 's'}; rewrite the files from the live server with --update.`,
  );
  return `${lines.join('\n')}\n`;
}

function toJunit(verifications: readonly ServerVerification[]): string {
  const suites = verifications.map((verification) => {
    const cases = verification.subjects.map((subject) => {
      const name = `${escapeXml(verification.server)} ${escapeXml(subject.subject)}`;
      if (subject.drifts.length === 0) return `    <testcase classname="mcpsim.verify" name="${name}"/>`;
      const text = subject.drifts
        .map(
          (drift) =>
            `${drift.file}:${drift.line} ${drift.where} ${drift.path || '/'}: ${drift.change} (recorded ${drift.recorded}, live ${drift.live})`,
        )
        .join('\n');
      return `    <testcase classname="mcpsim.verify" name="${name}">\n      <failure message="${escapeXml(subject.status)}">${escapeXml(text)}</failure>\n    </testcase>`;
    });
    const failures = verification.subjects.filter((subject) => subject.drifts.length > 0).length;
    return `  <testsuite name="${escapeXml(verification.server)}" tests="${verification.subjects.length}" failures="${failures}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcpsim verify">\n${suites.join('\n')}\n</testsuites>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}

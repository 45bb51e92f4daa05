/**
 * The commands a replay miss offers for recording a scenario's calls: with a model, or with the
 * simulator alone, so a QA author without a model key can still freeze answers and edit them.
 *
 * @example
 *   toRecordHint('scenarios/triage.yaml');
 *   // 'mcpsim record scenarios/triage.yaml (with a model), or with none: mcpsim record --source simulated scenarios/triage.yaml'
 */
export function toRecordHint(scenarioFile: string): string {
  return `mcpsim record ${scenarioFile} (with a model), or with none: mcpsim record --source simulated ${scenarioFile}`;
}

import { Badge, Csrf, Layout, Notice, TableHead } from './layout.js';
import type { ScenarioEntry, StepOutcome } from './ui-context.js';

export interface ScenarioRun {
  name: string;
  steps: StepOutcome[];
  error: string | null;
}

/** The scenario files the server loaded, their connections, and a button that runs each one's steps. */
export function ScenariosPage({ csrf, scenarios, run }: { csrf: string; scenarios: ScenarioEntry[] | null; run: ScenarioRun | null }) {
  return (
    <Layout title="Scenarios" page="scenarios" csrf={csrf}>
      {run ? (
        <section class="card" aria-labelledby="run-title">
          <h2 id="run-title">Steps of {run.name}</h2>
          <Notice text={run.error} error />
          <ol>
            {run.steps.map((step) => (
              <li>
                <Badge kind={step.passed ? 'ok' : 'error'} text={step.passed ? 'passed' : 'failed'} /> {step.title}
                {step.message ? <span class="help">{step.message}</span> : null}
                <StepChecks checks={step.checks} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {scenarios === null || scenarios.length === 0 ? (
        <p class="muted">
          No scenario files are loaded. Start the server with them: <code>mcpsim serve scenarios/</code>.
        </p>
      ) : (
        <table class="card">
          <TableHead columns={['scenario', 'connections', 'steps', 'run']} />
          <tbody>
            {scenarios.map((scenario) => (
              <tr>
                <td>
                  {scenario.name}
                  <span class="help">{scenario.file}</span>
                </td>
                <td>{scenario.connections.join(', ')}</td>
                <td>{scenario.steps}</td>
                <td>
                  <form method="post" action="/ui/scenarios/run">
                    <Csrf token={csrf} />
                    <input type="hidden" name="scenario" value={scenario.name} />
                    <button type="submit" disabled={scenario.steps === 0} aria-label={`Run steps of ${scenario.name}`}>
                      Run steps
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Layout>
  );
}

/** What a step expected, check by check, with each one's outcome. */
function StepChecks({ checks }: { checks: StepOutcome['checks'] }) {
  if (checks.length === 0) return <span class="help">No expectations: the step passes when the call answers.</span>;
  return (
    <ul class="checks" aria-label="Checks">
      {checks.map((check) => (
        <li>
          <Badge kind={check.outcome === 'passed' ? 'ok' : check.outcome === 'failed' ? 'error' : 'model'} text={check.outcome} />{' '}
          <code>{check.name}</code>: {check.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The nouns of a record that keeps one run of its parent: n8n's workflow `execution`, GitHub's
 * workflow `run`, a Lambda `invocation`, Jenkins' or Buildkite's `build`, a pipeline's `job`. A type
 * whose last word is one of them, under the thing run, keeps its runs: the simulator makes one when a
 * tool runs the parent (sim/stateful/run-records.ts), and a description's `ran three times` seeds
 * them (described-runs.ts). One list, read by both.
 */

/**
 * The run nouns, in the order a run type is chosen by where a thing has more than one.
 *
 * @example
 *   runNouns.includes('execution'); // true: `workflow_execution` keeps a workflow's runs
 */
export const runNouns: readonly string[] = ['execution', 'run', 'invocation', 'build', 'job'];

/**
 * sim's face for a mock's resources, prompts and completions: what mcp/ asks of the simulator's surface answers
 * (sim/stateful/surface-*.ts), re-exported here so mcp/ reaches the simulator only through sim's root.
 */
export { getMockPrompt, readMockResource, type ResourceDependency } from './stateful/surface-answers.js';
export { completeFromWorld, type CompletionReference } from './stateful/surface-completions.js';

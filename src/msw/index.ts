/**
 * `mcpsim/msw`: the platform inside a test process, as msw handlers. msw is a peer dependency.
 *
 * @example
 *   import { setupServer } from 'msw/node';
 *   import { createHandlers } from 'mcpsim/msw';
 *   const mcpsim = createHandlers({ scenario: 'scenarios/issue-triage.yaml' });
 *   const server = setupServer(...mcpsim);
 */
export {
  createHandlers,
  defaultMockApiKey,
  hostedBaseUrl,
  hostedConnectBaseUrl,
  type CreateHandlersOptions,
  type MockPlatformHandlers,
} from './create-handlers.js';

import { testApiKey, type Harness } from './harness.js';

const environmentNames = ['SMITHERY_BASE_URL', 'SMITHERY_CONNECT_BASE_URL', 'SMITHERY_API_KEY'] as const;

/**
 * Points the official SDK at the harness the way a user would, through its environment
 * variables, and returns the function that puts the previous values back.
 */
export function useSmitheryEnvironment(harness: Harness): () => void {
  const saved = Object.fromEntries(environmentNames.map((name) => [name, process.env[name]]));
  process.env.SMITHERY_BASE_URL = harness.baseUrl;
  process.env.SMITHERY_CONNECT_BASE_URL = `${harness.baseUrl}/connect`;
  process.env.SMITHERY_API_KEY = testApiKey;
  return () => {
    for (const name of environmentNames) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  };
}

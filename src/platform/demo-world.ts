import type { MockSettings } from '../store/memory-store.js';

/**
 * The world `demo/github` starts from: the acme/widgets repository its scenario text describes,
 * with the three open issues, a main branch and a README, so a first read, list or search answers
 * something real before anything is created. GitHub's own field names (snake_case).
 */
export const demoGithubSettings: MockSettings = {
  world: {
    entities: {
      repository: {
        widgets: {
          name: 'widgets',
          full_name: 'acme/widgets',
          owner: 'acme',
          private: false,
          default_branch: 'main',
          description: 'Widgets for every dashboard',
          open_issues_count: 3,
        },
      },
      issue: {
        '12': {
          number: 12,
          owner: 'acme',
          repo: 'widgets',
          title: 'Crash on empty config',
          state: 'open',
          labels: ['bug'],
          user: 'bob',
          assignees: ['alice'],
          body: 'Starting with an empty config.yml crashes at load time.',
          comments: 0,
          created_at: '2026-01-13T09:30:00Z',
        },
        '15': {
          number: 15,
          owner: 'acme',
          repo: 'widgets',
          title: 'Add dark mode',
          state: 'open',
          labels: ['enhancement'],
          user: 'alice',
          assignees: [],
          body: 'Widgets should follow the system theme.',
          comments: 0,
          created_at: '2026-01-17T09:30:00Z',
        },
        '17': {
          number: 17,
          owner: 'acme',
          repo: 'widgets',
          title: 'Docs typo in README',
          state: 'open',
          labels: [],
          user: 'alice',
          assignees: [],
          body: '"recieve" should read "receive" in the install section.',
          comments: 0,
          created_at: '2026-02-07T09:30:00Z',
        },
      },
      branch: {
        main: { branch: 'main', name: 'main', owner: 'acme', repo: 'widgets', protected: true },
      },
      file: {
        'README.md': {
          path: 'README.md',
          name: 'README.md',
          owner: 'acme',
          repo: 'widgets',
          type: 'file',
          content: '# widgets\n\nWidgets for every dashboard. Install with `npm i @acme/widgets`; recieve updates weekly.\n',
        },
      },
      me: {
        default: { login: 'alice', name: 'Alice', type: 'User', company: 'Acme' },
      },
    },
    facts: ['alice maintains acme/widgets', 'bob opened issue #12'],
  },
  tools: {},
};

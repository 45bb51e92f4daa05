/**
 * The synthetic registry's first topics, drawn most often: their words land in roughly 5–10% of
 * entries (synthetic-words.ts joins them with the rare ones, in this order).
 */
import type { SyntheticTopic } from './synthetic-topic.js';

export const frequentSyntheticTopics: readonly SyntheticTopic[] = [
  {
    services: ['github', 'gitlab', 'bitbucket', 'gitea'],
    nouns: ['repository', 'issue', 'pull request', 'commit', 'branch'],
    verbs: ['list', 'create', 'search', 'merge', 'comment on'],
    parameters: [
      ['owner', 'string'],
      ['repo', 'string'],
      ['state', 'string'],
      ['per_page', 'integer'],
    ],
  },
  {
    services: ['postgres', 'mysql', 'sqlite', 'mongodb', 'redis', 'supabase'],
    nouns: ['table', 'query', 'schema', 'row', 'index'],
    verbs: ['run', 'describe', 'list', 'explain', 'export'],
    parameters: [
      ['sql', 'string'],
      ['database', 'string'],
      ['limit', 'integer'],
      ['read_only', 'boolean'],
    ],
  },
  {
    services: ['brave', 'tavily', 'exa', 'serpapi', 'bing', 'duckduckgo'],
    nouns: ['web result', 'news article', 'snippet', 'page', 'answer'],
    verbs: ['search', 'fetch', 'summarize', 'rank', 'extract'],
    parameters: [
      ['query', 'string'],
      ['count', 'integer'],
      ['country', 'string'],
      ['safe_search', 'boolean'],
    ],
  },
  {
    services: ['slack', 'discord', 'teams', 'telegram', 'mattermost'],
    nouns: ['message', 'channel', 'thread', 'reaction', 'user'],
    verbs: ['send', 'list', 'search', 'archive', 'reply to'],
    parameters: [
      ['channel', 'string'],
      ['text', 'string'],
      ['thread_ts', 'string'],
      ['limit', 'integer'],
    ],
  },
  {
    services: ['playwright', 'puppeteer', 'browserbase', 'selenium'],
    nouns: ['page', 'screenshot', 'element', 'tab', 'form'],
    verbs: ['open', 'click', 'capture', 'fill', 'navigate'],
    parameters: [
      ['url', 'string'],
      ['selector', 'string'],
      ['timeout_ms', 'integer'],
      ['full_page', 'boolean'],
    ],
  },
  {
    services: ['filesystem', 'dropbox', 'google-drive', 'onedrive', 's3'],
    nouns: ['file', 'folder', 'document', 'upload', 'path'],
    verbs: ['read', 'write', 'move', 'list', 'share'],
    parameters: [
      ['path', 'string'],
      ['content', 'string'],
      ['recursive', 'boolean'],
    ],
  },
  {
    services: ['notion', 'obsidian', 'confluence', 'evernote', 'coda'],
    nouns: ['page', 'note', 'database', 'block', 'workspace'],
    verbs: ['create', 'update', 'search', 'append to', 'read'],
    parameters: [
      ['page_id', 'string'],
      ['title', 'string'],
      ['markdown', 'string'],
    ],
  },
  {
    services: ['jira', 'linear', 'asana', 'trello', 'clickup'],
    nouns: ['ticket', 'project', 'sprint', 'task', 'board'],
    verbs: ['create', 'assign', 'transition', 'list', 'update'],
    parameters: [
      ['project_key', 'string'],
      ['summary', 'string'],
      ['assignee', 'string'],
      ['priority', 'string'],
    ],
  },
  {
    services: ['aws', 'azure', 'gcp', 'cloudflare', 'vercel', 'netlify'],
    nouns: ['bucket', 'deployment', 'instance', 'worker', 'domain'],
    verbs: ['deploy', 'list', 'inspect', 'restart', 'configure'],
    parameters: [
      ['region', 'string'],
      ['resource_id', 'string'],
      ['dry_run', 'boolean'],
    ],
  },
  {
    services: ['kubernetes', 'docker', 'helm', 'nomad'],
    nouns: ['pod', 'container', 'image', 'namespace', 'manifest'],
    verbs: ['list', 'describe', 'scale', 'restart', 'apply'],
    parameters: [
      ['namespace', 'string'],
      ['name', 'string'],
      ['replicas', 'integer'],
    ],
  },
  {
    services: ['google-calendar', 'outlook', 'calendly', 'cal-com'],
    nouns: ['event', 'meeting', 'calendar', 'availability slot', 'invitation'],
    verbs: ['schedule', 'list', 'cancel', 'reschedule', 'find'],
    parameters: [
      ['start', 'string'],
      ['end', 'string'],
      ['attendees', 'string'],
      ['timezone', 'string'],
    ],
  },
  {
    services: ['gmail', 'sendgrid', 'mailgun', 'resend', 'postmark'],
    nouns: ['email', 'draft', 'label', 'inbox', 'attachment'],
    verbs: ['send', 'search', 'draft', 'label', 'read'],
    parameters: [
      ['to', 'string'],
      ['subject', 'string'],
      ['body', 'string'],
    ],
  },
  {
    services: ['sentry', 'datadog', 'grafana', 'prometheus', 'pagerduty'],
    nouns: ['alert', 'incident', 'metric', 'dashboard', 'error'],
    verbs: ['query', 'acknowledge', 'list', 'resolve', 'inspect'],
    parameters: [
      ['service', 'string'],
      ['since', 'string'],
      ['severity', 'string'],
    ],
  },
  {
    services: ['openai', 'anthropic', 'ollama', 'huggingface', 'replicate'],
    nouns: ['completion', 'embedding', 'model', 'image', 'transcript'],
    verbs: ['generate', 'embed', 'list', 'compare', 'transcribe'],
    parameters: [
      ['prompt', 'string'],
      ['model', 'string'],
      ['temperature', 'number'],
      ['max_tokens', 'integer'],
    ],
  },
  {
    services: ['qdrant', 'pinecone', 'chroma', 'weaviate', 'knowledge-graph'],
    nouns: ['memory', 'vector', 'collection', 'entity', 'relation'],
    verbs: ['store', 'recall', 'upsert', 'search', 'forget'],
    parameters: [
      ['text', 'string'],
      ['collection', 'string'],
      ['top_k', 'integer'],
    ],
  },
  {
    services: ['stripe', 'paypal', 'square', 'braintree'],
    nouns: ['payment', 'invoice', 'customer', 'refund', 'subscription'],
    verbs: ['create', 'list', 'refund', 'retrieve', 'cancel'],
    parameters: [
      ['customer_id', 'string'],
      ['amount', 'integer'],
      ['currency', 'string'],
    ],
  },
];

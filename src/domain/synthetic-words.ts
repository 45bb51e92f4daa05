/**
 * Vocabulary of the synthetic registry. Topics are drawn with falling weights, so the first
 * topics' words land in roughly 5–10% of entries and the last ones' in well under 1%; the
 * qualifiers, features and invented brand names add a long tail of rare words, and "MCP",
 * "server" and "tools" appear in most descriptions, as in real registries.
 */

export interface SyntheticTopic {
  /** Products or services, as words of a name (`google-maps`) and shown title-cased. */
  services: readonly string[];
  /** Things a tool acts on, singular. */
  nouns: readonly string[];
  verbs: readonly string[];
  /** Input properties a tool of this topic takes: name and JSON Schema type. */
  parameters: readonly (readonly [string, 'string' | 'integer' | 'number' | 'boolean'])[];
}

export const syntheticTopics: readonly SyntheticTopic[] = [
  { services: ['github', 'gitlab', 'bitbucket', 'gitea'], nouns: ['repository', 'issue', 'pull request', 'commit', 'branch'], verbs: ['list', 'create', 'search', 'merge', 'comment on'], parameters: [['owner', 'string'], ['repo', 'string'], ['state', 'string'], ['per_page', 'integer']] },
  { services: ['postgres', 'mysql', 'sqlite', 'mongodb', 'redis', 'supabase'], nouns: ['table', 'query', 'schema', 'row', 'index'], verbs: ['run', 'describe', 'list', 'explain', 'export'], parameters: [['sql', 'string'], ['database', 'string'], ['limit', 'integer'], ['read_only', 'boolean']] },
  { services: ['brave', 'tavily', 'exa', 'serpapi', 'bing', 'duckduckgo'], nouns: ['web result', 'news article', 'snippet', 'page', 'answer'], verbs: ['search', 'fetch', 'summarize', 'rank', 'extract'], parameters: [['query', 'string'], ['count', 'integer'], ['country', 'string'], ['safe_search', 'boolean']] },
  { services: ['slack', 'discord', 'teams', 'telegram', 'mattermost'], nouns: ['message', 'channel', 'thread', 'reaction', 'user'], verbs: ['send', 'list', 'search', 'archive', 'reply to'], parameters: [['channel', 'string'], ['text', 'string'], ['thread_ts', 'string'], ['limit', 'integer']] },
  { services: ['playwright', 'puppeteer', 'browserbase', 'selenium'], nouns: ['page', 'screenshot', 'element', 'tab', 'form'], verbs: ['open', 'click', 'capture', 'fill', 'navigate'], parameters: [['url', 'string'], ['selector', 'string'], ['timeout_ms', 'integer'], ['full_page', 'boolean']] },
  { services: ['filesystem', 'dropbox', 'google-drive', 'onedrive', 's3'], nouns: ['file', 'folder', 'document', 'upload', 'path'], verbs: ['read', 'write', 'move', 'list', 'share'], parameters: [['path', 'string'], ['content', 'string'], ['recursive', 'boolean']] },
  { services: ['notion', 'obsidian', 'confluence', 'evernote', 'coda'], nouns: ['page', 'note', 'database', 'block', 'workspace'], verbs: ['create', 'update', 'search', 'append to', 'read'], parameters: [['page_id', 'string'], ['title', 'string'], ['markdown', 'string']] },
  { services: ['jira', 'linear', 'asana', 'trello', 'clickup'], nouns: ['ticket', 'project', 'sprint', 'task', 'board'], verbs: ['create', 'assign', 'transition', 'list', 'update'], parameters: [['project_key', 'string'], ['summary', 'string'], ['assignee', 'string'], ['priority', 'string']] },
  { services: ['aws', 'azure', 'gcp', 'cloudflare', 'vercel', 'netlify'], nouns: ['bucket', 'deployment', 'instance', 'worker', 'domain'], verbs: ['deploy', 'list', 'inspect', 'restart', 'configure'], parameters: [['region', 'string'], ['resource_id', 'string'], ['dry_run', 'boolean']] },
  { services: ['kubernetes', 'docker', 'helm', 'nomad'], nouns: ['pod', 'container', 'image', 'namespace', 'manifest'], verbs: ['list', 'describe', 'scale', 'restart', 'apply'], parameters: [['namespace', 'string'], ['name', 'string'], ['replicas', 'integer']] },
  { services: ['google-calendar', 'outlook', 'calendly', 'cal-com'], nouns: ['event', 'meeting', 'calendar', 'availability slot', 'invitation'], verbs: ['schedule', 'list', 'cancel', 'reschedule', 'find'], parameters: [['start', 'string'], ['end', 'string'], ['attendees', 'string'], ['timezone', 'string']] },
  { services: ['gmail', 'sendgrid', 'mailgun', 'resend', 'postmark'], nouns: ['email', 'draft', 'label', 'inbox', 'attachment'], verbs: ['send', 'search', 'draft', 'label', 'read'], parameters: [['to', 'string'], ['subject', 'string'], ['body', 'string']] },
  { services: ['sentry', 'datadog', 'grafana', 'prometheus', 'pagerduty'], nouns: ['alert', 'incident', 'metric', 'dashboard', 'error'], verbs: ['query', 'acknowledge', 'list', 'resolve', 'inspect'], parameters: [['service', 'string'], ['since', 'string'], ['severity', 'string']] },
  { services: ['openai', 'anthropic', 'ollama', 'huggingface', 'replicate'], nouns: ['completion', 'embedding', 'model', 'image', 'transcript'], verbs: ['generate', 'embed', 'list', 'compare', 'transcribe'], parameters: [['prompt', 'string'], ['model', 'string'], ['temperature', 'number'], ['max_tokens', 'integer']] },
  { services: ['qdrant', 'pinecone', 'chroma', 'weaviate', 'knowledge-graph'], nouns: ['memory', 'vector', 'collection', 'entity', 'relation'], verbs: ['store', 'recall', 'upsert', 'search', 'forget'], parameters: [['text', 'string'], ['collection', 'string'], ['top_k', 'integer']] },
  { services: ['stripe', 'paypal', 'square', 'braintree'], nouns: ['payment', 'invoice', 'customer', 'refund', 'subscription'], verbs: ['create', 'list', 'refund', 'retrieve', 'cancel'], parameters: [['customer_id', 'string'], ['amount', 'integer'], ['currency', 'string']] },
  { services: ['hubspot', 'salesforce', 'pipedrive', 'zoho'], nouns: ['contact', 'deal', 'lead', 'account', 'pipeline'], verbs: ['find', 'create', 'update', 'list', 'enrich'], parameters: [['email', 'string'], ['company', 'string'], ['stage', 'string']] },
  { services: ['google-sheets', 'airtable', 'excel', 'smartsheet'], nouns: ['spreadsheet', 'cell range', 'record', 'sheet', 'formula'], verbs: ['read', 'append', 'update', 'create', 'filter'], parameters: [['spreadsheet_id', 'string'], ['range', 'string'], ['values', 'string']] },
  { services: ['openweather', 'weatherapi', 'noaa', 'tomorrow-io'], nouns: ['forecast', 'weather alert', 'air quality reading', 'observation'], verbs: ['get', 'fetch', 'compare', 'watch'], parameters: [['latitude', 'number'], ['longitude', 'number'], ['units', 'string'], ['days', 'integer']] },
  { services: ['google-maps', 'mapbox', 'openstreetmap', 'here'], nouns: ['place', 'route', 'address', 'distance', 'geocode'], verbs: ['find', 'plan', 'geocode', 'measure', 'search'], parameters: [['origin', 'string'], ['destination', 'string'], ['mode', 'string']] },
  { services: ['coinbase', 'binance', 'etherscan', 'alpaca', 'yahoo-finance'], nouns: ['quote', 'wallet', 'transaction', 'order', 'candle'], verbs: ['get', 'list', 'place', 'track', 'analyze'], parameters: [['symbol', 'string'], ['interval', 'string'], ['quantity', 'number']] },
  { services: ['figma', 'canva', 'blender', 'penpot'], nouns: ['design file', 'frame', 'component', 'asset', 'comment'], verbs: ['export', 'inspect', 'list', 'render', 'comment on'], parameters: [['file_key', 'string'], ['node_id', 'string'], ['scale', 'number']] },
  { services: ['youtube', 'spotify', 'twitch', 'vimeo'], nouns: ['video', 'playlist', 'track', 'caption', 'stream'], verbs: ['search', 'play', 'summarize', 'list', 'download'], parameters: [['video_id', 'string'], ['language', 'string'], ['max_results', 'integer']] },
  { services: ['reddit', 'bluesky', 'mastodon', 'linkedin', 'x'], nouns: ['post', 'feed', 'profile', 'reply', 'hashtag'], verbs: ['publish', 'search', 'read', 'schedule', 'analyze'], parameters: [['handle', 'string'], ['text', 'string'], ['cursor', 'string']] },
  { services: ['shopify', 'woocommerce', 'etsy', 'bigcommerce'], nouns: ['product', 'order', 'inventory level', 'collection', 'discount'], verbs: ['list', 'update', 'fulfill', 'create', 'search'], parameters: [['product_id', 'string'], ['sku', 'string'], ['quantity', 'integer']] },
  { services: ['posthog', 'mixpanel', 'plausible', 'google-analytics'], nouns: ['event', 'funnel', 'cohort', 'report', 'session'], verbs: ['query', 'export', 'compare', 'list', 'break down'], parameters: [['event', 'string'], ['from_date', 'string'], ['to_date', 'string']] },
  { services: ['github-actions', 'circleci', 'jenkins', 'buildkite'], nouns: ['pipeline', 'build', 'job log', 'artifact', 'workflow run'], verbs: ['trigger', 'list', 'retry', 'cancel', 'inspect'], parameters: [['pipeline', 'string'], ['branch', 'string'], ['build_number', 'integer']] },
  { services: ['virustotal', 'shodan', 'snyk', 'semgrep'], nouns: ['vulnerability', 'scan', 'host', 'finding', 'advisory'], verbs: ['scan', 'look up', 'list', 'triage', 'report'], parameters: [['target', 'string'], ['severity', 'string'], ['include_fixed', 'boolean']] },
  { services: ['arxiv', 'pubmed', 'semantic-scholar', 'wikipedia'], nouns: ['paper', 'citation', 'abstract', 'article', 'author'], verbs: ['search', 'fetch', 'summarize', 'cite', 'compare'], parameters: [['query', 'string'], ['year', 'integer'], ['max_results', 'integer']] },
  { services: ['zendesk', 'intercom', 'freshdesk', 'front'], nouns: ['support ticket', 'conversation', 'macro', 'customer note'], verbs: ['reply to', 'tag', 'list', 'escalate', 'close'], parameters: [['ticket_id', 'string'], ['message', 'string'], ['status', 'string']] },
  { services: ['airbnb', 'booking', 'skyscanner', 'amadeus'], nouns: ['listing', 'flight', 'hotel', 'itinerary', 'fare'], verbs: ['search', 'compare', 'book', 'track', 'list'], parameters: [['city', 'string'], ['check_in', 'string'], ['guests', 'integer']] },
  { services: ['home-assistant', 'philips-hue', 'smartthings'], nouns: ['device', 'scene', 'automation', 'sensor reading', 'light'], verbs: ['toggle', 'list', 'trigger', 'read', 'dim'], parameters: [['entity_id', 'string'], ['brightness', 'integer'], ['on', 'boolean']] },
  { services: ['deepl', 'google-translate', 'lingva'], nouns: ['translation', 'glossary', 'language pair', 'document'], verbs: ['translate', 'detect', 'list', 'improve'], parameters: [['text', 'string'], ['target_lang', 'string'], ['formality', 'string']] },
  { services: ['latex', 'pandoc', 'mermaid', 'graphviz'], nouns: ['diagram', 'document', 'chart', 'rendering'], verbs: ['render', 'convert', 'validate', 'preview'], parameters: [['source', 'string'], ['format', 'string'], ['theme', 'string']] },
];

/** Rare words: each lands in well under 1% of entries. */
export const syntheticQualifiers = [
  'lightweight', 'minimal', 'typed', 'async', 'opinionated', 'pragmatic', 'zero-config', 'self-hosted', 'offline-first',
  'multi-tenant', 'granular', 'idempotent', 'composable', 'experimental', 'battle-tested', 'unofficial', 'community-maintained',
  'enterprise-grade', 'read-only', 'sandboxed', 'streaming', 'stateless', 'privacy-focused', 'declarative', 'fast',
  'robust', 'portable', 'extensible', 'secure', 'simple', 'tiny', 'ergonomic', 'polyglot', 'resilient', 'auditable',
  'headless', 'incremental', 'deterministic', 'cached', 'federated', 'schema-aware', 'low-latency', 'cost-aware',
] as const;

export const syntheticFeatures = [
  'pagination', 'OAuth login', 'webhooks', 'rate limiting', 'response caching', 'bulk export', 'fuzzy matching', 'retries with backoff',
  'dry runs', 'audit logs', 'field masks', 'partial updates', 'cursor-based paging', 'multi-account setups', 'proxy support',
  'custom headers', 'regional endpoints', 'structured output', 'markdown rendering', 'CSV export', 'JSON Lines', 'incremental sync',
  'per-user scopes', 'SSO', 'environment variables', 'Docker images', 'stdio and HTTP transports', 'token budgets', 'timeouts',
  'localized output', 'attachments', 'image previews', 'diff views', 'batch requests', 'scheduled jobs', 'filters and sorting',
] as const;

export const syntheticAudiences = [
  'AI assistants', 'coding agents', 'support teams', 'data analysts', 'researchers', 'marketers', 'SRE teams', 'students',
  'product managers', 'sales teams', 'designers', 'finance teams', 'Claude Desktop', 'Cursor', 'autonomous agents',
] as const;

/** Syllables for invented owner handles and brand names (rare, often unique, words). */
export const syntheticSyllables = [
  'ka', 'vo', 'rin', 'lex', 'mo', 'ta', 'zen', 'pi', 'quo', 'dra', 'nel', 'sy', 'bri', 'tor', 'ula', 'fen', 'gar', 'ix',
  'ro', 'mi', 'sol', 'ven', 'tu', 'ark', 'bel', 'cy', 'dun', 'eo', 'fay', 'hal', 'jin', 'kor', 'lum', 'nyx', 'oro', 'pax',
] as const;

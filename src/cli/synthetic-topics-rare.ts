/**
 * The synthetic registry's last topics, drawn with ever smaller weights: their words land in well
 * under 1% of entries (synthetic-words.ts puts them after the frequent ones).
 */
import type { SyntheticTopic } from './synthetic-topic.js';

export const rareSyntheticTopics: readonly SyntheticTopic[] = [
  {
    services: ['hubspot', 'salesforce', 'pipedrive', 'zoho'],
    nouns: ['contact', 'deal', 'lead', 'account', 'pipeline'],
    verbs: ['find', 'create', 'update', 'list', 'enrich'],
    parameters: [
      ['email', 'string'],
      ['company', 'string'],
      ['stage', 'string'],
    ],
  },
  {
    services: ['google-sheets', 'airtable', 'excel', 'smartsheet'],
    nouns: ['spreadsheet', 'cell range', 'record', 'sheet', 'formula'],
    verbs: ['read', 'append', 'update', 'create', 'filter'],
    parameters: [
      ['spreadsheet_id', 'string'],
      ['range', 'string'],
      ['values', 'string'],
    ],
  },
  {
    services: ['openweather', 'weatherapi', 'noaa', 'tomorrow-io'],
    nouns: ['forecast', 'weather alert', 'air quality reading', 'observation'],
    verbs: ['get', 'fetch', 'compare', 'watch'],
    parameters: [
      ['latitude', 'number'],
      ['longitude', 'number'],
      ['units', 'string'],
      ['days', 'integer'],
    ],
  },
  {
    services: ['google-maps', 'mapbox', 'openstreetmap', 'here'],
    nouns: ['place', 'route', 'address', 'distance', 'geocode'],
    verbs: ['find', 'plan', 'geocode', 'measure', 'search'],
    parameters: [
      ['origin', 'string'],
      ['destination', 'string'],
      ['mode', 'string'],
    ],
  },
  {
    services: ['coinbase', 'binance', 'etherscan', 'alpaca', 'yahoo-finance'],
    nouns: ['quote', 'wallet', 'transaction', 'order', 'candle'],
    verbs: ['get', 'list', 'place', 'track', 'analyze'],
    parameters: [
      ['symbol', 'string'],
      ['interval', 'string'],
      ['quantity', 'number'],
    ],
  },
  {
    services: ['figma', 'canva', 'blender', 'penpot'],
    nouns: ['design file', 'frame', 'component', 'asset', 'comment'],
    verbs: ['export', 'inspect', 'list', 'render', 'comment on'],
    parameters: [
      ['file_key', 'string'],
      ['node_id', 'string'],
      ['scale', 'number'],
    ],
  },
  {
    services: ['youtube', 'spotify', 'twitch', 'vimeo'],
    nouns: ['video', 'playlist', 'track', 'caption', 'stream'],
    verbs: ['search', 'play', 'summarize', 'list', 'download'],
    parameters: [
      ['video_id', 'string'],
      ['language', 'string'],
      ['max_results', 'integer'],
    ],
  },
  {
    services: ['reddit', 'bluesky', 'mastodon', 'linkedin', 'x'],
    nouns: ['post', 'feed', 'profile', 'reply', 'hashtag'],
    verbs: ['publish', 'search', 'read', 'schedule', 'analyze'],
    parameters: [
      ['handle', 'string'],
      ['text', 'string'],
      ['cursor', 'string'],
    ],
  },
  {
    services: ['shopify', 'woocommerce', 'etsy', 'bigcommerce'],
    nouns: ['product', 'order', 'inventory level', 'collection', 'discount'],
    verbs: ['list', 'update', 'fulfill', 'create', 'search'],
    parameters: [
      ['product_id', 'string'],
      ['sku', 'string'],
      ['quantity', 'integer'],
    ],
  },
  {
    services: ['posthog', 'mixpanel', 'plausible', 'google-analytics'],
    nouns: ['event', 'funnel', 'cohort', 'report', 'session'],
    verbs: ['query', 'export', 'compare', 'list', 'break down'],
    parameters: [
      ['event', 'string'],
      ['from_date', 'string'],
      ['to_date', 'string'],
    ],
  },
  {
    services: ['github-actions', 'circleci', 'jenkins', 'buildkite'],
    nouns: ['pipeline', 'build', 'job log', 'artifact', 'workflow run'],
    verbs: ['trigger', 'list', 'retry', 'cancel', 'inspect'],
    parameters: [
      ['pipeline', 'string'],
      ['branch', 'string'],
      ['build_number', 'integer'],
    ],
  },
  {
    services: ['virustotal', 'shodan', 'snyk', 'semgrep'],
    nouns: ['vulnerability', 'scan', 'host', 'finding', 'advisory'],
    verbs: ['scan', 'look up', 'list', 'triage', 'report'],
    parameters: [
      ['target', 'string'],
      ['severity', 'string'],
      ['include_fixed', 'boolean'],
    ],
  },
  {
    services: ['arxiv', 'pubmed', 'semantic-scholar', 'wikipedia'],
    nouns: ['paper', 'citation', 'abstract', 'article', 'author'],
    verbs: ['search', 'fetch', 'summarize', 'cite', 'compare'],
    parameters: [
      ['query', 'string'],
      ['year', 'integer'],
      ['max_results', 'integer'],
    ],
  },
  {
    services: ['zendesk', 'intercom', 'freshdesk', 'front'],
    nouns: ['support ticket', 'conversation', 'macro', 'customer note'],
    verbs: ['reply to', 'tag', 'list', 'escalate', 'close'],
    parameters: [
      ['ticket_id', 'string'],
      ['message', 'string'],
      ['status', 'string'],
    ],
  },
  {
    services: ['airbnb', 'booking', 'skyscanner', 'amadeus'],
    nouns: ['listing', 'flight', 'hotel', 'itinerary', 'fare'],
    verbs: ['search', 'compare', 'book', 'track', 'list'],
    parameters: [
      ['city', 'string'],
      ['check_in', 'string'],
      ['guests', 'integer'],
    ],
  },
  {
    services: ['home-assistant', 'philips-hue', 'smartthings'],
    nouns: ['device', 'scene', 'automation', 'sensor reading', 'light'],
    verbs: ['toggle', 'list', 'trigger', 'read', 'dim'],
    parameters: [
      ['entity_id', 'string'],
      ['brightness', 'integer'],
      ['on', 'boolean'],
    ],
  },
  {
    services: ['deepl', 'google-translate', 'lingva'],
    nouns: ['translation', 'glossary', 'language pair', 'document'],
    verbs: ['translate', 'detect', 'list', 'improve'],
    parameters: [
      ['text', 'string'],
      ['target_lang', 'string'],
      ['formality', 'string'],
    ],
  },
  {
    services: ['latex', 'pandoc', 'mermaid', 'graphviz'],
    nouns: ['diagram', 'document', 'chart', 'rendering'],
    verbs: ['render', 'convert', 'validate', 'preview'],
    parameters: [
      ['source', 'string'],
      ['format', 'string'],
      ['theme', 'string'],
    ],
  },
];

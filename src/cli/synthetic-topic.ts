/** One topic of the synthetic registry's vocabulary (synthetic-words.ts): what its servers are, act on and take. */
export interface SyntheticTopic {
  /** Products or services, as words of a name (`google-maps`) and shown title-cased. */
  services: readonly string[];
  /** Things a tool acts on, singular. */
  nouns: readonly string[];
  verbs: readonly string[];
  /** Input properties a tool of this topic takes: name and JSON Schema type. */
  parameters: readonly (readonly [string, 'string' | 'integer' | 'number' | 'boolean'])[];
}

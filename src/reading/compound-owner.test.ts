import { describe, expect, it } from 'vitest';
import { namesCompoundOwner } from './compound-owner.js';

describe('namesCompoundOwner', () => {
  it('reads the leading words of a compound entity as its owner, never its head or a one-word entity', () => {
    expect(namesCompoundOwner('project', 'project_member')).toBe(true);
    expect(namesCompoundOwner('ai_config', 'ai_config_variation')).toBe(true);
    expect(namesCompoundOwner('member', 'project_member')).toBe(false);
    expect(namesCompoundOwner('project', 'project')).toBe(false);
    expect(namesCompoundOwner('', 'project_member')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { toIdStem } from './id-stem.js';

describe('the noun an argument names by its id suffix', () => {
  it('takes every key word off, in any spelling, the noun made singular and spelled out', () => {
    expect(toIdStem('dashboard_uid')).toEqual({ name: 'dashboard', suffix: 'uid' });
    expect(toIdStem('projectId')).toEqual({ name: 'project', suffix: 'id' });
    expect(toIdStem('issue_iid')).toEqual({ name: 'issue', suffix: 'iid' });
    expect(toIdStem('repoSlug')).toEqual({ name: 'repository', suffix: 'slug' });
    expect(toIdStem('hostName')).toEqual({ name: 'host', suffix: 'name' });
    expect(toIdStem('pull_request_number')).toEqual({ name: 'pull_request', suffix: 'number' });
    expect(toIdStem('Bucket_Key')).toEqual({ name: 'bucket', suffix: 'key' });
  });

  it('leaves a key word alone and an argument with no key word as the whole noun', () => {
    expect(toIdStem('id')).toEqual({ name: 'id', suffix: null });
    expect(toIdStem('position')).toEqual({ name: 'position', suffix: null });
    expect(toIdStem('org')).toEqual({ name: 'organization', suffix: null });
    expect(toIdStem('display_title')).toEqual({ name: 'display_title', suffix: null });
    expect(toIdStem('file_path')).toEqual({ name: 'file_path', suffix: null });
  });
});

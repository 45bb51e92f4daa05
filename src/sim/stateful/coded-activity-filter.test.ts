import { describe, expect, it } from 'vitest';
import { toCodedActivityFilter } from './coded-activity-filter.js';

const listing = (description: string) => ({
  inputSchema: { type: 'object' as const, properties: { active_status: { type: 'string', description: description } } },
});
const none = { has: () => false };

describe('toCodedActivityFilter', () => {
  it('keeps the records still going, those that ended, or all, by the code the description gives', () => {
    const tool = listing('Filter by active status 1 = active application, 2 = inactive application, 3 = all,');
    const [going, ended] = [{ status: 'interview' }, { status: 'terminated' }];
    expect([going, ended].map(toCodedActivityFilter('active_status', '1', tool, none)!)).toEqual([true, false]);
    expect([going, ended].map(toCodedActivityFilter('active_status', 2, tool, none)!)).toEqual([false, true]);
    expect([going, ended].map(toCodedActivityFilter('active_status', '3', tool, none)!)).toEqual([true, true]);
    expect(toCodedActivityFilter('active_status', '1', listing('Options:1(Active),2(Inactive)'), none)?.(ended)).toBe(false);
  });

  it('reads no codes that are not about activity, and leaves a field the records hold to equality', () => {
    expect(toCodedActivityFilter('active_status', '1', listing('Options:1(Not locked),2(Locking in other jobs)'), none)).toBeNull();
    expect(toCodedActivityFilter('active_status', '9', listing('1 = active, 2 = inactive'), none)).toBeNull();
    expect(toCodedActivityFilter('active_status', '1', listing('1 = active, 2 = inactive'), { has: () => true })).toBeNull();
  });
});

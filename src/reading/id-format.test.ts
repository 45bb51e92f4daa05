import { describe, expect, it } from 'vitest';
import { addToIdSummary, findIdExamples, toIdSummary, toNewId, type IdClues } from './id-format.js';

const clues = (more: Partial<IdClues>): IdClues => ({
  type: 'item',
  existing: [],
  numeric: false,
  patterns: [],
  descriptions: [],
  args: {},
  seed: 'seed',
  ...more,
});

describe('new ids in a service’s format', () => {
  it("keeps the next id in a well-known service's format where the world's last id is in it", () => {
    const service = '^(?:CH[0-9a-f]{32})$';
    const existing = ['CH8ca65fbf040147967a8ad446e05f81df'];
    for (const seed of ['a', 'b', 'c']) expect(toNewId(clues({ existing, service, seed }))).toMatch(/^CH[0-9a-f]{32}$/);
  });

  it('continues the world’s own ids first', () => {
    expect(toNewId(clues({ existing: ['c_1001', 'c_1002'] }))).toBe('c_1003');
    expect(toNewId(clues({ existing: ['12', '17'], numeric: true }))).toBe('18');
    expect(toNewId(clues({ existing: ['cus_Nffr3eUfNV2Hib'] }))).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(toNewId(clues({ existing: ['PA1TV92'] }))).toMatch(/^P[A-Z0-9]{6}$/);
    expect(toNewId(clues({ existing: ['PA1TV92'] }))).not.toBe('PA1TV93');
    expect(toNewId(clues({ existing: ['PWCIJB8'] }))).not.toBe('PWCIJB9');
    expect(toNewId(clues({ existing: ['INV00042'] }))).toBe('INV00043');
    // A UUID that happens to end in digits is random again, not the next number (`…82a65fc81396`).
    const uuid = toNewId(clues({ existing: ['2179e476-6bf3-446e-bce8-82a65fc81395'] }));
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(uuid.slice(0, 30)).not.toBe('2179e476-6bf3-446e-bce8-82a65f');
    // A random tail that ends in a digit: random again, never the next number.
    for (const last of ['rec7paewG5s3YzpD1', '001xx000003DGb2AAG']) {
      const next = toNewId(clues({ existing: [last] }));
      expect(next).toHaveLength(last.length);
      expect(next.slice(0, -2)).not.toBe(last.slice(0, -2));
    }
  });

  it('keeps an opaque id’s start only where every known id of the type shares it', () => {
    // Airtable's records all start `rec`, Salesforce's accounts `001`: two known ids show the code.
    for (const existing of [
      ['rec7paewG5s3YzpD1', 'recQ2xZ8mLk3Jw9Tb'],
      ['001xx000003DGb2AAG', '001xx000004EHc3BBH'],
    ]) {
      const next = toNewId(clues({ existing }));
      expect(next.slice(0, 3)).toBe(existing[0]!.slice(0, 3));
      expect(next).toHaveLength(existing[0]!.length);
      expect(existing).not.toContain(next);
    }
    // n8n's ids are random from the first character: one id alone shows no code, so a new one keeps its alphabet and length.
    const n8n = 'kT4pQw8ZxM2nR5bL';
    for (const seed of ['a', 'b', 'c', 'd']) {
      const next = toNewId(clues({ existing: [n8n], seed }));
      expect(next).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(next.slice(0, 3)).not.toBe('kT4');
    }
    // Two that share no start keep none either; an example in a description is a known id beside the world's.
    expect(toNewId(clues({ existing: ['rec7paewG5s3YzpD1', 'tblQ2xZ8mLk3Jw9Tb'] })).slice(0, 3)).not.toMatch(/^(rec|tbl)$/);
    const okta = clues({ type: 'user', existing: ['00uXk2Lm9QpR4sT7vW1y'], descriptions: ['The user id, e.g. 00ub0oNGTSWTBKOLGLNR'] });
    expect(toNewId(okta)).toMatch(/^00u[A-Za-z0-9]{17}$/);
  });

  it('numbers PROJ-N keys within the project the arguments name', () => {
    const issue = clues({ type: 'issue', patterns: ['^[A-Z][A-Z0-9_]+-\\d+$'], args: { projectKey: 'OPS' } });
    expect(toNewId(issue)).toBe('OPS-1');
    expect(toNewId({ ...issue, existing: ['OPS-1', 'OPS-4', 'WEB-9'] })).toBe('OPS-5');
    expect(toNewId(clues({ descriptions: ['The issue key, e.g. PROJ-123'] }))).toBe('PROJ-1');
  });

  it('follows examples in descriptions: a prefixed id, a long number, an URL', () => {
    expect(toNewId(clues({ descriptions: ['Customer ID (e.g. cus_NffrFeUfNV2Hib)'] }))).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(toNewId(clues({ descriptions: ['e.g. 1204567890123456'] }))).toMatch(/^[1-9]\d{15}$/);
    expect(toNewId(clues({ descriptions: ['The issue URL, like https://github.com/acme/widgets/issues/42'] }))).toBe(
      'https://github.com/acme/widgets/issues/1',
    );
    expect(findIdExamples('Use a value like `OPS-123` or cus_NffrFeUfNV2Hib.')).toEqual(['OPS-123', 'cus_NffrFeUfNV2Hib']);
    const gid = toNewId(clues({ descriptions: ['Product id, e.g. gid://shop/Product/8123456789'] }));
    expect(gid).toMatch(/^gid:\/\/shop\/Product\/[1-9]\d{9}$/);
    expect(gid).not.toBe('gid://shop/Product/8123456789');
  });

  it('takes a short prefixed example that mixes letters and digits, and not a word with a version or a count', () => {
    expect(toNewId(clues({ descriptions: ['Returns the new client with its id (e.g. "cl_8f3k2")'] }))).toMatch(/^cl_[a-z0-9]{5}$/);
    expect(findIdExamples('Uses oauth_v2, sha_256, page_2000 and utf_8.')).toEqual([]);
  });

  it('takes a short code of capitals and digits where the text quotes it or gives it as an example, not a word such as ISO8601', () => {
    const code = toNewId(clues({ type: 'service', descriptions: ['Each service has an id like PSVC12A.'] }));
    expect(code).toMatch(/^P[A-Z0-9]{6}$/);
    expect(code).toMatch(/\d/);
    expect(code).not.toBe('PSVC12A');
    expect(findIdExamples('The schedule, e.g. "P1Q9XZT".')).toEqual(['P1Q9XZT']);
    expect(findIdExamples('Dates are ISO8601; auth is OAUTH2; region EU1234 is near.')).toEqual([]);
    expect(findIdExamples('Codes like HTTPS or ABCDEF have no digit; like AB-1234 is a key.')).toEqual(['AB-1234']);
  });

  it('takes a lowercase code of letters and digits given whole as an example, or quoted, not a word such as sha256', () => {
    // Runpod's `templateId` schema: `examples: ["30zmvf89kd"]`, read as a description of its own.
    const code = toNewId(clues({ type: 'template', descriptions: ['ID of a pod template to base this pod on.', '30zmvf89kd'] }));
    expect(code).toMatch(/^[a-z0-9]{10}$/);
    expect(code).not.toBe('30zmvf89kd');
    expect(findIdExamples('The pod, e.g. "k3x9q2m7vb".')).toEqual(['k3x9q2m7vb']);
    expect(findIdExamples('Checksums use sha256 over utf8 text; see base64url.')).toEqual([]);
    expect(findIdExamples('ubuntu2404')).toEqual([]);
  });

  it('takes a short number the text gives as an example of an id, not a year, a decimal or a number said in passing', () => {
    const ticket = toNewId(clues({ type: 'ticket', numeric: true, descriptions: ['Ticket ids are numbers like 48213.'] }));
    expect(ticket).toMatch(/^[1-9]\d{4}$/);
    expect(ticket).not.toBe('48213');
    expect(findIdExamples('An order number, e.g. #1042.')).toEqual(['1042']);
    expect(findIdExamples('Ids like 2024 or 1999, e.g. 12.50, up to 500 ids per page.')).toEqual([]);
    expect(toNewId(clues({ type: 'ticket', numeric: true, descriptions: ['Returns at most 100 tickets.'] }))).toBe('1');
  });

  it('always makes an id that every pattern accepts, and the same one for the same clues', () => {
    const patterned = clues({ patterns: ['^[a-f0-9]{24}$'], descriptions: ['e.g. cus_NffrFeUfNV2Hib'] });
    expect(toNewId(patterned)).toMatch(/^[a-f0-9]{24}$/);
    expect(toNewId(patterned)).toBe(toNewId(patterned));
    expect(toNewId(clues({ type: 'note' }))).toBe('note_1');
  });

  it('follows Okta’s opaque ids and Slack’s message timestamps in descriptions', () => {
    // One example shows the alphabet and length, not whether `00u` is a code of the type: two that share it do.
    const okta = toNewId(clues({ type: 'user', descriptions: ['The user id, e.g. 00ub0oNGTSWTBKOLGLNR'] }));
    expect(okta).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(okta.slice(0, 3)).not.toBe('00u');
    const users = clues({ type: 'user', descriptions: ['A user id, e.g. 00ub0oNGTSWTBKOLGLNR or 00u1a2b3C4D5e6F7g8H9'] });
    expect(toNewId(users)).toMatch(/^00u[A-Za-z0-9]{17}$/);
    const ts = toNewId(
      clues({ type: 'message', descriptions: ["The timestamp of the parent message in the format '1234567890.123456'."] }),
    );
    expect(ts).toMatch(/^\d{10}\.\d{6}$/);
  });

  it('gives a git commit (or a sha field) 40 hexadecimal digits, a different one each time', () => {
    const first = toNewId(clues({ type: 'commit' }));
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    expect(toNewId(clues({ type: 'commit', existing: [first] }))).not.toBe(first);
    expect(toNewId(clues({ type: 'change', field: 'sha' }))).toMatch(/^[0-9a-f]{40}$/);
    expect(toNewId(clues({ type: 'commitment' }))).toBe('commitment_1');
  });

  it('makes a slug from the name the call gives, and counts a number kept as a string', () => {
    expect(toNewId(clues({ type: 'pipeline', field: 'slug', args: { name: 'Deploy Service' } }))).toBe('deploy-service');
    expect(toNewId(clues({ type: 'pipeline', field: 'slug', existing: ['deploy-service'], args: { name: 'Deploy Service' } }))).toBe(
      'deploy-service-2',
    );
    expect(toNewId(clues({ type: 'build', field: 'number', existing: ['1'] }))).toBe('2');
  });

  it('makes the same id from a summary kept as ids are added as from the ids themselves', () => {
    const lists = [
      ['c_1001', 'c_1002', 'c_1010', 'd_7'],
      ['12', '17', '40'],
      ['100200', '100201', '100305'],
      ['OPS-1', 'OPS-4', 'WEB-9'],
      ['2', '5', 'evt_3', 'evt_12'],
      ['cus_Nffr3eUfNV2Hib', 'cus_Aaaa1bBbbb2Ccc'],
    ];
    const variants: Partial<IdClues>[] = [
      {},
      { numeric: true },
      { patterns: ['^[A-Z][A-Z0-9_]+-\\d+$'], args: { projectKey: 'OPS' } },
      { descriptions: ['The key, e.g. PROJ-123'] },
    ];
    for (const existing of lists)
      for (const variant of variants) {
        const kept = toIdSummary(existing.slice(0, 1));
        for (const id of existing.slice(1)) addToIdSummary(kept, id);
        const given = clues({ existing, ...variant });
        expect(toNewId({ ...given, summary: kept })).toBe(toNewId(given));
      }
  });

  it('reads the ids a kept summary holds, not the list again', () => {
    const summary = toIdSummary(['c_1001', 'c_1002']);
    addToIdSummary(summary, 'c_1003');
    expect(toNewId(clues({ existing: ['c_1001', 'c_1002', 'c_1003'], summary }))).toBe('c_1004');
    summary.taken.add('c_1004');
    expect(toNewId(clues({ existing: ['c_1001', 'c_1002', 'c_1003'], summary }))).toBe('c_1005');
  });
});

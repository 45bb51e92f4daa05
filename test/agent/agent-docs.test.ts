/**
 * docs/agents.md's tool table is made from the tool list itself, so the docs cannot drift from the
 * code; `MCPSIM_WRITE_DOCS=1` rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { agentTools } from '../../src/agent/agent-tools.js';

const docsPath = new URL('../../docs/agents.md', import.meta.url);
const start = '<!-- tools:start -->';
const end = '<!-- tools:end -->';

function toToolTable(): string {
  const hints = (tool: (typeof agentTools)[number]) =>
    tool.annotations.readOnlyHint
      ? 'read-only'
      : tool.annotations.destructiveHint
        ? 'destructive'
        : tool.annotations.idempotentHint
          ? 'idempotent'
          : 'adds';
  const rows = agentTools.map((tool) => {
    const inputs = Object.keys(tool.input.shape)
      .map((name) => `\`${name}\``)
      .join(', ');
    return `| \`${tool.name}\` | ${hints(tool)}${tool.files ? ', stdio only' : ''} | ${inputs || '—'} | ${tool.description.replaceAll('|', '\\|')} |`;
  });
  return ['| Tool | Kind | Arguments | When to use it |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

describe('docs/agents.md', () => {
  it('lists every agent tool as the code defines it', async () => {
    let docs = readFileSync(docsPath, 'utf8');
    const [before, rest] = docs.split(start);
    const after = rest!.split(end)[1]!;
    // Formatted as the repository formats it, so the written file is what prettier leaves.
    const options = { ...(await prettier.resolveConfig(fileURLToPath(docsPath))), filepath: fileURLToPath(docsPath) };
    const expected = await prettier.format(`${before}${start}\n${toToolTable()}\n${end}${after}`, options);
    if (process.env.MCPSIM_WRITE_DOCS === '1') writeFileSync(docsPath, (docs = expected));
    expect(docs, 'the tool table is stale: run MCPSIM_WRITE_DOCS=1 npx vitest run test/agent/agent-docs.test.ts').toBe(expected);
  });
});

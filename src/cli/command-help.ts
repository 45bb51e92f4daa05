import { version } from '../version.js';
import { exitCodesHelp } from './cli-error.js';
import type { Command } from './command.js';
import { toAllOptions } from './parse-command-args.js';

/**
 * `mcpsim --help`: one line per command of the table, and where each command's own help is.
 *
 * @example
 *   io.stdout(toGlobalHelp(commands));
 */
export function toGlobalHelp(commands: readonly Command[]): string {
  return [
    `mcpsim ${version}: a local stand-in for a hosted MCP platform`,
    '',
    'Usage:',
    ...toColumns([...toCommandRows(commands), ['mcpsim --help | --version', '']]),
    '',
    'Run "mcpsim <command> --help" for the options of a command (the demo takes those of serve).',
    '',
    exitCodesHelp,
    '',
  ].join('\n');
}

/**
 * `mcpsim <command> --help`: its usage line, what it does, and its options, generated from the
 * options the command parses.
 *
 * @example
 *   io.stdout(toCommandHelp(check)); // "Usage: mcpsim check [paths...]\n\nValidates ..."
 */
export function toCommandHelp(command: Command): string {
  const options = Object.entries(toAllOptions(command)).map(([name, option]): [string, string] => [
    `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`,
    option.help,
  ]);
  return [`Usage: ${toUsageLine(command)}`, '', `${command.help}`, '', 'Options:', ...toColumns(options), '', exitCodesHelp, ''].join('\n');
}

/** The commands, one line each: shown by an unknown command. */
export function toCommandList(commands: readonly Command[]): string {
  return toColumns(toCommandRows(commands)).join('\n');
}

function toCommandRows(commands: readonly Command[]): [string, string][] {
  return commands.map((command) => [toUsageLine(command), command.summary]);
}

function toUsageLine(command: Command): string {
  return ['mcpsim', command.name, command.usage].filter((part) => part !== '').join(' ');
}

/** The widest first column kept on one line with its second: a longer one (verify's usage) puts its text on the next line. */
const maxLeftWidth = 56;

/** Two columns, the second aligned; a `\n` in it continues in the same column. */
function toColumns(rows: readonly (readonly [string, string])[]): string[] {
  const fitting = rows.map(([left]) => left.length).filter((length) => length <= maxLeftWidth);
  const width = Math.max(0, ...fitting) + 2;
  const indent = `\n  ${' '.repeat(width)}`;
  return rows.map(([left, right]) => {
    const text = right.split('\n').join(indent);
    if (left.length + 2 > width && right !== '') return `  ${left}${indent}${text}`;
    return `  ${left.padEnd(width)}${text}`.trimEnd();
  });
}

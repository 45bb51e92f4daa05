/** Runs Debian's `wrk` with one thread and parses the figures the bench needs from its report. */
import { runCommand } from './children.js';

export interface WrkRun {
  rps: number;
  p99Ms: number;
  requests: number;
  /** wrk's "Non-2xx or 3xx responses" (it counts statuses >= 400). */
  non2xx: number;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  output: string;
}

export interface WrkOptions {
  url: string;
  connections: number;
  durationS: number;
  headers?: string[];
  script?: string;
  env?: Record<string, string>;
}

export async function wrkAvailable(): Promise<boolean> {
  try {
    await runCommand('wrk', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export async function runWrk(options: WrkOptions): Promise<WrkRun> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationS}s`, '--latency'];
  for (const header of options.headers ?? []) args.push('-H', header);
  if (options.script !== undefined) args.push('-s', options.script);
  args.push(options.url);
  const result = await runCommand('wrk', args, { env: { ...process.env, ...options.env } });
  const output = result.stdout + result.stderr;
  if (result.code !== 0) throw new Error(`wrk ${args.join(' ')} exited with code ${result.code}:\n${output}`);
  return parseWrk(output);
}

/** Everything wrong with a run, as readable lines; empty when every request succeeded. */
export function wrkProblems(run: WrkRun): string[] {
  const problems: string[] = [];
  if (run.requests === 0) problems.push('no requests completed');
  if (run.non2xx > 0) problems.push(`${run.non2xx} non-2xx responses`);
  for (const [kind, count] of Object.entries(run.socketErrors)) if (count > 0) problems.push(`${count} socket ${kind} errors`);
  return problems;
}

function parseWrk(output: string): WrkRun {
  const number = (pattern: RegExp, fallback?: number): number => {
    const match = pattern.exec(output)?.[1];
    if (match !== undefined) return Number(match);
    if (fallback !== undefined) return fallback;
    throw new Error(`could not find ${pattern} in wrk output:\n${output}`);
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p99Ms: parseLatency(/^\s*99%\s+(\S+)\s*$/m.exec(output)?.[1], output),
    requests: number(/(\d+) requests in /),
    non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/, 0),
    socketErrors: {
      connect: Number(socket?.[1] ?? 0),
      read: Number(socket?.[2] ?? 0),
      write: Number(socket?.[3] ?? 0),
      timeout: Number(socket?.[4] ?? 0),
    },
    output,
  };
}

/** wrk prints latencies as e.g. `812.00us`, `1.23ms`, `2.01s`, `1.50m`. */
function parseLatency(text: string | undefined, output: string): number {
  const match = text === undefined ? null : /^([\d.]+)(us|ms|s|m|h)$/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`could not find the 99% latency in wrk output:\n${output}`);
  const toMs = { us: 0.001, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as 'us' | 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * toMs;
}

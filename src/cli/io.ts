/** What a command may touch of the outside world; `run-cli.ts` wires it to the process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** Calls `handler` once on SIGINT or SIGTERM. */
  onShutdownSignal(handler: (signal: string) => void): void;
  /** Asks the person at a terminal a yes/no question; absent when nobody can answer (not a TTY, tests). */
  confirm?(question: string): Promise<boolean>;
}

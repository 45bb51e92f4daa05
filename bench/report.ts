/** Shared arithmetic and printing of the benchmarks. */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export const formatRps = (rps: number) => Math.round(rps).toLocaleString('en-US').padStart(7);

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

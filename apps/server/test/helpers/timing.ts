/**
 * Time bounds that hold on any machine: a call is compared with the same call measured in the
 * same test, on the same machine, under the same load, never with a fixed number of
 * milliseconds.
 */

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The deadline of a wait for something that must happen (vi.waitFor, expect.poll): far above
 * any stall of a loaded machine, and below the 30 s a test may take.
 */
export const POLL = { timeout: 20_000, interval: 20 } as const;

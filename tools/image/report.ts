// The output of the image and compose tests: a PASS line per check, a thrown error (printed
// as FAIL by the caller) on the first that fails.

export const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export function pass(what: string): void {
  console.log(`PASS ${what}`);
}

export function check(condition: boolean, what: string, detail = ''): void {
  if (!condition) throw new Error(`${what}${detail ? `: ${detail}` : ''}`);
  pass(what);
}

/** Reads `--name value` flags; unknown names are refused so a typo never runs the wrong load. */
export function parseFlags<T extends Record<string, string | number>>(defaults: T): T {
  const argv = process.argv.slice(2);
  const out: Record<string, string | number> = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '') ?? '';
    const value = argv[i + 1];
    if (!(name in defaults) || value === undefined) {
      const known = Object.keys(defaults)
        .map((key) => `--${key}`)
        .join(' ');
      throw new Error(`unknown or incomplete flag ${argv[i]}; known: ${known}`);
    }
    const fallback = defaults[name];
    out[name] = typeof fallback === 'number' ? Number(value) : value;
    if (typeof fallback === 'number' && !Number.isFinite(out[name])) {
      throw new Error(`--${name} must be a number`);
    }
  }
  return out as T;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

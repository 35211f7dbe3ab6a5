/** The one-line message of anything thrown, for logs and command-line refusals. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

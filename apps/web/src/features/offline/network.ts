/**
 * No answer at all (offline, server unreachable): `fetch` rejects with a TypeError. An answer
 * (ApiError) or a hung request (TimeoutError, SPEC §4) is not this.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

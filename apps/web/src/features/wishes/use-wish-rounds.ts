/**
 * Runs the couple's matching rounds in the background, on every screen (mounted once in
 * app/SignedInSync.tsx): starts a round when this device's set changes, takes each open round's
 * next step, and tells of a new match.
 */
export function useWishRounds(): void {
  // Filled in by the engine commits that follow.
}

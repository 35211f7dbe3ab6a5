const SETTLE_MS = 10_000;
const PERSON_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls an element wholly into view and keeps it there while the page around it settles:
 * sections above it that finish loading would otherwise push it below the fold (or under the
 * phone's tab bar). It lets go after ten seconds or as soon as the person scrolls or taps, so it
 * never fights them. Returns the function that lets go early.
 */
export function keepInView(element: HTMLElement): () => void {
  const bringIntoView = () => element.scrollIntoView({ block: 'nearest' });
  bringIntoView();
  if (typeof ResizeObserver === 'undefined') return () => {};

  const observer = new ResizeObserver(bringIntoView);
  observer.observe(document.body);
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of PERSON_SCROLLS) window.removeEventListener(type, release, true);
  };
  const timer = setTimeout(release, SETTLE_MS);
  for (const type of PERSON_SCROLLS) {
    window.addEventListener(type, release, { capture: true, passive: true });
  }
  return release;
}

import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * Where focus goes back to once a dialog is gone: its opener while still in the page, else
 * what now stands at the dialog's place in its parent (or that element's first control).
 */
function returnTarget(
  opener: HTMLElement | null,
  parent: HTMLElement,
  place: number,
): HTMLElement | undefined {
  if (opener?.isConnected && opener !== document.body) return opener;
  const standIn = parent.isConnected ? parent.children[place] : undefined;
  if (!(standIn instanceof HTMLElement)) return undefined;
  return standIn.matches(FOCUSABLE) ? standIn : focusables(standIn)[0];
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(root: HTMLElement, event: KeyboardEvent): void {
  const items = focusables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * WCAG 2.2 dialog behaviour for the app's dialogs (confirm panels, the install card): Tab and
 * Shift+Tab cycle inside while focus is in it, Escape closes it, and on closing focus goes back
 * to the control that opened it. The confirm panels replace their opener, which React then
 * renders anew in the same place: so the dialog remembers its place in its parent, and focuses
 * what stands there once it is gone (the opener itself when it is still in the page).
 * Opening moves focus to its first control, unless `takeFocus` is false (a dialog that appears
 * on its own must not pull focus away from what the person is doing).
 * Returns the keydown handler to put on the dialog's root.
 */
export function useDialogFocus(
  dialog: RefObject<HTMLElement | null>,
  onClose: () => void,
  { takeFocus = true }: { takeFocus?: boolean } = {},
): (event: KeyboardEvent) => void {
  // Read during the first render, while the opener still holds focus.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );

  useEffect(() => {
    const root = dialog.current;
    const parent = root?.parentElement;
    if (!root || !parent) return;
    const place = [...parent.children].indexOf(root);
    if (takeFocus && !root.contains(document.activeElement)) {
      focusables(root)[0]?.focus({ preventScroll: true });
    }
    return () => {
      // Focus left with the dialog's removed buttons; elsewhere, the person moved it on purpose.
      const focusIsLost = () =>
        document.activeElement === document.body || document.activeElement === null;
      // After React has rendered what replaces the dialog.
      requestAnimationFrame(() => {
        if (!focusIsLost()) return;
        returnTarget(opener, parent, place)?.focus();
      });
    };
  }, [dialog, opener, takeFocus]);

  return (event: KeyboardEvent) => {
    const root = dialog.current;
    if (!root) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab') keepTabInside(root, event);
  };
}

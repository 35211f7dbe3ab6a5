import { logClientError } from './client-errors.js';

/**
 * What a feature must forget when this device signs out. Each feature registers its own hook
 * when its module loads, so sign-out (features/auth) knows none of them: a module never loaded
 * in this page holds nothing to forget, and one that keeps data across page loads registers
 * from a module that every signed-in screen loads.
 */
export interface SignOutHook {
  /** Names the hook in the client error log: `<name>_clear`, `<name>_read`. */
  name: string;
  /** Forgets this device's data of the user signing out (null: the session had already ended). */
  clear(userId: string | null): void | Promise<void>;
  /** What signing out would throw away, told before the person confirms; null when nothing. */
  discards?(userId: string): Promise<string | null>;
}

const hooks: SignOutHook[] = [];

/** Registers a hook; the returned function removes it. */
export function onSignOut(hook: SignOutHook): () => void {
  hooks.push(hook);
  return () => {
    const index = hooks.indexOf(hook);
    if (index >= 0) hooks.splice(index, 1);
  };
}

/**
 * Runs every hook in the order they were registered, each awaited before the next; one that
 * fails is logged and the others still run, so one feature's broken store never keeps
 * another's data behind.
 */
export async function runSignOutHooks(userId: string | null): Promise<void> {
  for (const hook of [...hooks]) {
    try {
      await hook.clear(userId);
    } catch (error) {
      logClientError(`${hook.name}_clear`, error);
    }
  }
}

/** The sentences of what signing out would throw away, in registration order; a failure says none. */
export async function signOutDiscards(userId: string): Promise<string[]> {
  const texts = await Promise.all(
    hooks.map(async (hook) => {
      try {
        return (await hook.discards?.(userId)) ?? null;
      } catch (error) {
        logClientError(`${hook.name}_read`, error);
        return null;
      }
    }),
  );
  return texts.filter((text) => text !== null);
}

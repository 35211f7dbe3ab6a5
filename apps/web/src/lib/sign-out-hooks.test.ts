import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh registry and error log for each test: the registry is module state. */
async function load() {
  vi.resetModules();
  const hooks = await import('./sign-out-hooks.js');
  const errors = await import('./client-errors.js');
  return { ...hooks, ...errors };
}

/** Resolves after the given number of macrotasks, so a hook that is not awaited is seen to be. */
const later = (ticks: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : setTimeout(() => step(left - 1), 0));
    step(ticks);
  });

describe('sign-out hooks', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('runs every hook in the order registered, each finished before the next starts', async () => {
    const { onSignOut, runSignOutHooks } = await load();
    const events: string[] = [];
    onSignOut({
      name: 'slow',
      clear: async (userId) => {
        events.push(`slow start ${userId}`);
        await later(3);
        events.push('slow end');
      },
    });
    onSignOut({ name: 'quick', clear: (userId) => void events.push(`quick ${userId}`) });

    await runSignOutHooks('u1');

    expect(events).toEqual(['slow start u1', 'slow end', 'quick u1']);
  });

  it('resolves only once the last hook has finished', async () => {
    const { onSignOut, runSignOutHooks } = await load();
    let cleared = false;
    onSignOut({
      name: 'store',
      clear: async () => {
        await later(3);
        cleared = true;
      },
    });

    await runSignOutHooks('u1');

    expect(cleared).toBe(true);
  });

  it('logs a failing hook and still runs the others', async () => {
    const { onSignOut, runSignOutHooks, recentClientErrors } = await load();
    const ran: string[] = [];
    onSignOut({
      name: 'broken',
      clear: () => {
        throw new Error('store closed');
      },
    });
    onSignOut({ name: 'rejects', clear: () => Promise.reject(new Error('quota')) });
    onSignOut({ name: 'keys', clear: () => void ran.push('keys') });

    await expect(runSignOutHooks(null)).resolves.toBeUndefined();

    expect(ran).toEqual(['keys']);
    expect(recentClientErrors().map((entry) => [entry.function_name, entry.error_message])).toEqual(
      [
        ['CLIENT_ERROR_rejects_clear', 'quota'],
        ['CLIENT_ERROR_broken_clear', 'store closed'],
      ],
    );
  });

  it('forgets a hook once it is removed', async () => {
    const { onSignOut, runSignOutHooks } = await load();
    const clear = vi.fn();
    const remove = onSignOut({ name: 'gone', clear });
    remove();
    remove();

    await runSignOutHooks('u1');

    expect(clear).not.toHaveBeenCalled();
  });

  it('collects what sign-out would discard, in order, skipping those with nothing and failures', async () => {
    const { onSignOut, signOutDiscards, recentClientErrors } = await load();
    onSignOut({ name: 'keys', clear: () => undefined });
    onSignOut({
      name: 'outbox',
      clear: () => undefined,
      discards: async (userId) => {
        await later(2);
        return `2 desires of ${userId}`;
      },
    });
    onSignOut({ name: 'empty', clear: () => undefined, discards: () => Promise.resolve(null) });
    onSignOut({
      name: 'drafts',
      clear: () => undefined,
      discards: () => Promise.reject(new Error('unreadable')),
    });
    onSignOut({
      name: 'wishes',
      clear: () => undefined,
      discards: () => Promise.resolve('1 wish'),
    });

    expect(await signOutDiscards('u1')).toEqual(['2 desires of u1', '1 wish']);
    expect(recentClientErrors().map((entry) => entry.function_name)).toEqual([
      'CLIENT_ERROR_drafts_read',
    ]);
  });
});

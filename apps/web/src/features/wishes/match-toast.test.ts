import { afterEach, describe, expect, it, vi } from 'vitest';
import type { toast as sonnerToast } from 'sonner';
import { toasterReady } from '../../lib/toast.js';
import { toastNewMatchOnce } from './match-toast.js';

const held = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => held.get(key) ?? null,
  setItem: (key: string, value: string) => held.set(key, value),
  removeItem: (key: string) => held.delete(key),
});
afterEach(() => held.clear());

describe('the new-match toast', () => {
  it('shows once per round, whichever tab asks again, and never names a wish', async () => {
    const shown = vi.fn();
    toasterReady(shown as unknown as typeof sonnerToast);
    const exclusive = (_name: string, run: () => Promise<void>) => run();
    await toastNewMatchOnce('round-1', exclusive, () => undefined);
    await toastNewMatchOnce('round-1', exclusive, () => undefined);
    await toastNewMatchOnce('round-2', exclusive, () => undefined);
    expect(shown).toHaveBeenCalledTimes(2);
    expect(shown.mock.calls[0]?.[0]).toBe('You have a new match');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { webLockExclusive } from './engine-context.js';

describe('one round step at a time', () => {
  it('skips a step whose lock is held, and runs it again once released', async () => {
    let release: () => void = () => undefined;
    const ran: string[] = [];
    const first = webLockExclusive('wishes-round:r1', async () => {
      ran.push('first');
      await new Promise<void>((resolve) => (release = resolve));
    });
    // The first step holds the lock once it runs.
    await vi.waitFor(() => expect(ran).toEqual(['first']), { timeout: 10_000 });
    await webLockExclusive('wishes-round:r1', () => Promise.resolve(void ran.push('second')));
    await webLockExclusive('wishes-round:r2', () => Promise.resolve(void ran.push('other')));
    release();
    await first;
    await webLockExclusive('wishes-round:r1', () => Promise.resolve(void ran.push('third')));
    expect(ran).toEqual(['first', 'other', 'third']);
  });
});

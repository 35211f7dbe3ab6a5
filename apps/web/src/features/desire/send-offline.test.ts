import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendDesire } from './send.js';

const live = vi.hoisted(() => ({ emitLive: vi.fn() }));
const http = vi.hoisted(() => ({ call: vi.fn() }));
const outbox = vi.hoisted(() => ({ enqueueDesire: vi.fn(), hasWaiting: vi.fn() }));

vi.mock('../../lib/live.js', async (original) => ({
  ...(await original<typeof import('../../lib/live.js')>()),
  emitLive: live.emitLive,
}));
vi.mock('../../lib/api.js', () => ({ call: http.call }));
vi.mock('../outbox/outbox.js', async (original) => ({
  ...(await original<typeof import('../outbox/outbox.js')>()),
  enqueueDesire: outbox.enqueueDesire,
  hasWaiting: outbox.hasWaiting,
}));

const draft = {
  userId: '11111111-1111-4111-8111-111111111111',
  partnerId: '22222222-2222-4222-8222-222222222222',
  intensity: 4,
  urgency: 6,
  note: '',
  seal: { kind: 'legacy' },
} as const;

beforeEach(() => {
  vi.clearAllMocks();
  outbox.hasWaiting.mockResolvedValue(false);
  outbox.enqueueDesire.mockResolvedValue(undefined);
  http.call.mockRejectedValue(new TypeError('Failed to fetch'));
  live.emitLive.mockRejectedValue(new Error('operation has timed out'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendDesire without a connection', () => {
  it('skips the live channel when the browser knows it is offline, and queues at once', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(await sendDesire(draft)).toEqual({ kind: 'queued' });
    expect(live.emitLive).not.toHaveBeenCalled();
    expect(http.call).toHaveBeenCalledTimes(1);
    expect(http.call.mock.calls[0]?.[0]).toBe('sendDesire');
    expect(outbox.enqueueDesire).toHaveBeenCalledTimes(1);
  });

  it('tries the live channel first while the browser believes it is online', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(await sendDesire(draft)).toEqual({ kind: 'queued' });
    expect(live.emitLive).toHaveBeenCalledTimes(1);
    expect(http.call).toHaveBeenCalledTimes(1);
  });

  it('still sends over HTTP when the browser wrongly believes it is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const message = { id: 'm1' };
    http.call.mockResolvedValue({ message });
    expect(await sendDesire(draft)).toEqual({ kind: 'sent', message });
    expect(outbox.enqueueDesire).not.toHaveBeenCalled();
  });
});

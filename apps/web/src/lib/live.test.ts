import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@couple/protocol';
import { connectLive, disconnectLive } from './live.js';
import { LIVE_RETRY_AFTER_ATTEMPTS_MS } from './constants.js';

type Listener = (...args: unknown[]) => void;

/** A socket.io socket that records what the live channel asks of it. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Listener[]>();
  const socket = {
    connected: false,
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(() => listeners.clear()),
    /** The Manager, whose events (reconnect_failed) are recorded as `io:<event>`. */
    io: {
      on(event: string, listener: Listener) {
        listeners.set(`io:${event}`, [...(listeners.get(`io:${event}`) ?? []), listener]);
      },
    },
  };
  return {
    socket,
    io: vi.fn(() => socket),
    fire: (event: string, ...args: unknown[]) =>
      listeners.get(event)?.forEach((listener) => listener(...args)),
  };
});
const session = vi.hoisted(() => ({ getSession: vi.fn(), refreshSession: vi.fn() }));

vi.mock('socket.io-client', () => ({ io: fake.io }));
vi.mock('./session.js', () => session);
vi.mock('./client-errors.js', () => ({ logClientError: vi.fn() }));

const signedIn = { access_token: 'token' } as Session;
/** Every promise callback already queued has run by the next task. */
const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('the live channel when the server closes it', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    session.getSession.mockReturnValue(signedIn);
    connectLive();
    await vi.waitFor(() => expect(fake.io).toHaveBeenCalled());
  });
  afterEach(() => disconnectLive());

  it('connects again with the refreshed session', async () => {
    session.refreshSession.mockResolvedValue(signedIn);
    fake.fire('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(fake.socket.connect).toHaveBeenCalledTimes(1));
  });

  it('connects again when the refresh reaches no server, as while it restarts', async () => {
    // A closing server answers 503, a stopped one nothing: either way the session is kept.
    session.refreshSession.mockRejectedValue(new TypeError('Failed to fetch'));
    fake.fire('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(fake.socket.connect).toHaveBeenCalledTimes(1));
  });

  it('stays closed when the refresh says the session is over', async () => {
    session.refreshSession.mockResolvedValue(null);
    session.getSession.mockReturnValue(null);
    fake.fire('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(session.refreshSession).toHaveBeenCalled());
    await settled();
    expect(fake.socket.connect).not.toHaveBeenCalled();
  });
});

describe('the live channel when its reconnection attempts run out', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    session.getSession.mockReturnValue(signedIn);
    connectLive();
    await vi.waitFor(() => expect(fake.io).toHaveBeenCalled());
    vi.useFakeTimers();
  });
  afterEach(() => {
    disconnectLive();
    vi.useRealTimers();
  });

  it('starts a new round of attempts a while later, not only when the browser comes online', () => {
    fake.fire('io:reconnect_failed');
    vi.advanceTimersByTime(LIVE_RETRY_AFTER_ATTEMPTS_MS - 1);
    expect(fake.socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
  });

  it('starts none after signing out', () => {
    fake.fire('io:reconnect_failed');
    disconnectLive();
    vi.advanceTimersByTime(LIVE_RETRY_AFTER_ATTEMPTS_MS);
    expect(fake.socket.connect).not.toHaveBeenCalled();
  });
});

import { createServer, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSharedRedis } from './shared-client.js';

/** A loopback port nothing listens on: every connection to it is refused. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('openSharedRedis while Redis is away', () => {
  // ioredis waits between attempts with setTimeout: faked, the test moves its clock, and can run
  // whatever is left scheduled once the app has closed. The connections are real.
  afterEach(() => void vi.useRealTimers());

  it('fails a command before its next attempt to reconnect, and stops when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = Fastify();
    const redis = openSharedRedis(app, `redis://127.0.0.1:${await refusingPort()}`)!;
    let attempts = 0;
    redis.on('reconnecting', () => (attempts += 1));
    try {
      // Two failed connections: a queued command would now wait for the next attempts.
      await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      // Whichever comes first: the command's outcome, or the client trying Redis again (waitFor
      // moves the fake clock on while it polls).
      let first: string | undefined;
      redis.once('reconnecting', () => (first ??= 'tried again'));
      void redis.incr('couple-probe').then(
        () => (first ??= 'answered'),
        () => (first ??= 'failed'),
      );
      await vi.waitFor(() => expect(first).toBeDefined(), { timeout: 10_000 });
      // Failed at once: the request it belongs to never waits on Redis.
      expect(first).toBe('failed');
    } finally {
      // Closing moves the fake clock on too, so that a client with a command queued still ends.
      let closed = false;
      void app.close().then(() => (closed = true));
      await vi.waitFor(() => expect(closed).toBe(true), { timeout: 10_000 });
    }
    // Whatever was still scheduled runs now; none of it tries Redis again.
    const connect = vi.spyOn(redis, 'connect');
    vi.runAllTimers();
    expect(connect).not.toHaveBeenCalled();
  });
});

import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { coalesceWrites } from './coalesce-writes.js';

describe.each(['websocket', 'polling'] as const)('coalesceWrites over %s', (transport) => {
  let http: HttpServer;
  let io: Server;
  let client: Socket;

  afterEach(async () => {
    client?.close();
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });

  /** Emits three packets in one tick; returns what arrived and the sizes of the flushes. */
  async function threeInOneTick(coalesce: boolean) {
    http = createServer();
    io = new Server(http, { transports: [transport] });
    if (coalesce) coalesceWrites(io);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    client = connect(`http://127.0.0.1:${port}`, { transports: [transport], forceNew: true });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const flushes: number[] = [];
    io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => flushes.push(buffer.length));
    const received: unknown[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('desire', (n: unknown) => {
        received.push(n);
        if (received.length === 3) resolve();
      });
    });
    for (const n of [1, 2, 3]) io.emit('desire', n);
    await all;
    return { received, flushes };
  }

  it('hands the packets of one tick to the transport together, in order', async () => {
    const { received, flushes } = await threeInOneTick(true);
    expect(received).toEqual([1, 2, 3]);
    expect(flushes).toEqual([3]);
  });

  // Polling gathers packets until the next GET by itself; over WebSocket engine.io writes at once.
  if (transport === 'websocket') {
    it('without it, the first packet goes alone', async () => {
      const { received, flushes } = await threeInOneTick(false);
      expect(received).toEqual([1, 2, 3]);
      expect(flushes[0]).toBe(1);
    });
  }
});

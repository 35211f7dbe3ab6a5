import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { releaseFlushedPackets } from './release-flushed-packets.js';

describe.each(['websocket', 'polling'] as const)('releaseFlushedPackets over %s', (transport) => {
  let http: HttpServer;
  let io: Server;
  let client: Socket;

  afterEach(async () => {
    client?.close();
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });

  async function start(release: boolean): Promise<unknown[][]> {
    http = createServer();
    io = new Server(http, { transports: [transport] });
    if (release) releaseFlushedPackets(io);
    const flushed: unknown[][] = [];
    io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => flushed.push(buffer));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    client = connect(`http://127.0.0.1:${port}`, { transports: [transport], forceNew: true });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    return flushed;
  }

  async function sendThree(): Promise<unknown[]> {
    const received: unknown[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('desire', (payload: unknown) => {
        received.push(payload);
        if (received.length === 3) resolve();
      });
    });
    for (const n of [1, 2, 3]) io.emit('desire', { n, note: 'x'.repeat(200) });
    await all;
    return received;
  }

  it('delivers every packet in order and leaves no flushed buffer holding one', async () => {
    const flushed = await start(true);
    expect(await sendThree()).toEqual([1, 2, 3].map((n) => ({ n, note: 'x'.repeat(200) })));
    expect(flushed.length).toBeGreaterThan(0);
    expect(flushed.map((buffer) => buffer.length)).toEqual(flushed.map(() => 0));
  });

  it('without it, a flushed buffer keeps the packets it sent', async () => {
    const flushed = await start(false);
    await sendThree();
    expect(flushed.some((buffer) => buffer.length > 0)).toBe(true);
  });
});

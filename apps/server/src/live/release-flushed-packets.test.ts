import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { releaseFlushedPackets } from './release-flushed-packets.js';

/** The engine.io internals releaseFlushedPackets relies on (private in engine.io's types). */
interface EngineSocket {
  writeBuffer: unknown[];
  transport: { name: string; send(packets: unknown[]): void };
}

/** The version of engine.io that socket.io loads, read from the package it resolves. */
function loadedEngineIoVersion(): string {
  const fromHere = createRequire(import.meta.url);
  const fromSocketIo = createRequire(fromHere.resolve('socket.io'));
  let dir = dirname(fromSocketIo.resolve('engine.io'));
  for (;;) {
    const manifest = join(dir, 'package.json');
    try {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        version: string;
      };
      if (name === 'engine.io') return version;
    } catch {
      // no package.json at this level: go up
    }
    if (dirname(dir) === dir) throw new Error('engine.io package.json not found');
    dir = dirname(dir);
  }
}

describe('the engine.io releaseFlushedPackets was checked against', () => {
  it('is the version pinned in the root package.json overrides', () => {
    const root = JSON.parse(
      readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    ) as { overrides?: Record<string, string> };
    // An upgrade changes both: re-check the internals below (and this module's comment) first.
    expect(root.overrides?.['engine.io']).toBe('6.6.12');
    expect(loadedEngineIoVersion()).toBe(root.overrides?.['engine.io']);
  });
});

describe.each(['websocket', 'polling'] as const)('releaseFlushedPackets over %s', (transport) => {
  let http: HttpServer;
  let io: Server;
  let client: Socket;
  /** Every buffer engine.io handed to the server's 'flush' listeners, in order. */
  let flushed: unknown[][];

  afterEach(async () => {
    client?.close();
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });

  async function start(release: boolean, onEngineSocket?: (socket: EngineSocket) => void) {
    http = createServer();
    io = new Server(http, { transports: [transport] });
    if (release) releaseFlushedPackets(io);
    flushed = [];
    io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => flushed.push(buffer));
    if (onEngineSocket) io.engine.on('connection', onEngineSocket);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    client = connect(`http://127.0.0.1:${port}`, { transports: [transport], forceNew: true });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  }

  const payloads = [1, 2, 3].map((n) => ({ n, note: 'x'.repeat(200) }));

  /** Emits three packets; resolves with what the client got, or fails after a deadline. */
  async function sendThree(): Promise<unknown[]> {
    const received: unknown[] = [];
    let timer: NodeJS.Timeout | undefined;
    const all = new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${received.length} of 3 packets arrived within 10 s`)),
        10_000,
      );
      client.on('desire', (payload: unknown) => {
        received.push(payload);
        if (received.length === 3) resolve();
      });
    });
    for (const payload of payloads) io.emit('desire', payload);
    await all.finally(() => clearTimeout(timer));
    return received;
  }

  it('delivers every packet in order and leaves no flushed buffer holding one', async () => {
    await start(true);
    expect(await sendThree()).toEqual(payloads);
    expect(flushed.length).toBeGreaterThan(0);
    expect(flushed.map((buffer) => buffer.length)).toEqual(flushed.map(() => 0));
  });

  it('without it, a flushed buffer keeps the packets it sent', async () => {
    await start(false);
    await sendThree();
    expect(flushed.some((buffer) => buffer.length > 0)).toBe(true);
  });

  // What the module assumes of engine.io's internals: if an upgrade changes them, this fails.
  it('engine.io hands the transport the flushed buffer, swaps in a new one, sends it at once', async () => {
    const sends: { flushedIt: boolean; newBuffer: boolean; packets: number }[] = [];
    await start(false, (socket) => {
      const send = socket.transport.send.bind(socket.transport);
      socket.transport.send = (packets) => {
        send(packets);
        sends.push({
          // the array the 'flush' listeners got, not a copy: emptying it empties what was sent
          flushedIt: flushed.includes(packets),
          // the socket already queues into another array: emptying this one drops nothing unsent
          newBuffer: socket.writeBuffer !== packets,
          packets: packets.length,
        });
        // Emptied as soon as send returns, before any microtask: the packets still arrive
        // whole and in order only if the transport has encoded and written them already.
        packets.length = 0;
      };
    });
    expect(await sendThree()).toEqual(payloads);
    expect(sends.reduce((sum, send) => sum + send.packets, 0)).toBeGreaterThanOrEqual(3);
    expect(sends.map(({ flushedIt, newBuffer }) => ({ flushedIt, newBuffer }))).toEqual(
      sends.map(() => ({ flushedIt: true, newBuffer: true })),
    );
  });
});

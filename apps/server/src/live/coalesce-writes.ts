import type { Server } from 'socket.io';

/** The parts of an engine.io socket this touches (engine.io 6: `flush` is not in its types). */
interface EngineSocket {
  flush(): void;
  transport: { name: string; socket?: { _socket?: { cork(): void; uncork(): void } } };
}

/**
 * Sends the packets a socket gets in one tick in one TCP write.
 *
 * engine.io writes each packet as soon as it is queued, and the next ones only after that write
 * has called back, each WebSocket frame in a `writev` of its own. A desire gives its sender
 * `message_sent` and the acknowledgement, its receiver `new_message` and `unread_count`: four
 * loopback writes, which were over a third of the server's CPU profile at 1,000 desires/s
 * (docs/performance.md, Delivery). Here a socket's flush waits for the end of the current tick
 * (process.nextTick: after the promise callbacks that acknowledge a whole committed batch) and
 * its frames go out with the TCP socket corked, so a desire costs two writes. Nothing waits for
 * a timer, and the order of the packets is engine.io's.
 */
export function coalesceWrites(io: Server): void {
  const pending = new Set<EngineSocket>();
  const flushOne = Symbol('flush');
  type Patched = EngineSocket & { [flushOne]: () => void };

  const flushPending = () => {
    for (const socket of pending) {
      pending.delete(socket);
      const raw =
        socket.transport.name === 'websocket' ? socket.transport.socket?._socket : undefined;
      raw?.cork();
      try {
        (socket as Patched)[flushOne]();
      } finally {
        raw?.uncork();
      }
    }
  };

  io.engine.on('connection', (engineSocket: unknown) => {
    const socket = engineSocket as Patched;
    socket[flushOne] = socket.flush.bind(socket);
    socket.flush = () => {
      if (pending.size === 0) process.nextTick(flushPending);
      pending.add(socket);
    };
  });
}

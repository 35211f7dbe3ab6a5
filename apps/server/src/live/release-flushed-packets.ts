import type { Server } from 'socket.io';

/**
 * Empties each engine.io write buffer once it has been handed to the transport.
 *
 * engine.io swaps in a new write buffer on every flush and drops the old one. On a socket that
 * gets a packet every few seconds, that old array has lived through several scavenges and sits
 * in V8's old space; dead there, it still points at the packets it carried (the encoded JSON and
 * the WebSocket frame of every desire), and the young-generation collector treats old-space
 * pointers as live. So every packet sent was promoted and waited for the next full collection:
 * half of what the server promoted under load (docs/performance-log.md, "Why old space grew").
 * Both transports send a flushed buffer synchronously, so a microtask later it is safe to empty.
 */
export function releaseFlushedPackets(io: Server): void {
  io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => {
    queueMicrotask(() => {
      buffer.length = 0;
    });
  });
}

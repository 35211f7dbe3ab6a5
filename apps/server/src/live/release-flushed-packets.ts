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
 *
 * That rests on engine.io internals no API promises: `Socket.flush` emits 'flush' with the very
 * array it then hands to `transport.send`, swapping in a new `writeBuffer` first, and both
 * transports encode and write every packet before `send` returns. So engine.io (a dependency of
 * socket.io) is pinned exactly, by `overrides` in the root package.json, and
 * release-flushed-packets.test.ts checks the installed version against the pin and each of those
 * three behaviours on both transports. To upgrade engine.io: change the pin, read the new
 * `Socket.flush` and the transports' `send`, run that test, and only then update the version it
 * expects; if a buffer could still be read after the microtask, drop this module instead.
 */
export function releaseFlushedPackets(io: Server): void {
  io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => {
    queueMicrotask(() => {
      buffer.length = 0;
    });
  });
}

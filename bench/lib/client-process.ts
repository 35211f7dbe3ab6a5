/**
 * One benchmark client process (forked by client-fleet.ts): holds its share of the couples'
 * sockets and runs its share of the load, so no single client heap (and its garbage collector)
 * carries all 10,000 sockets. Both partners of a couple live in the same process: latency is
 * measured on one clock.
 */
import type { Socket } from 'socket.io-client';
import { closeAll, connectAll } from './clients.js';
import type { FromClientProcess, ToClientProcess } from './client-protocol.js';
import { runLoad, type SocketPair } from './load.js';

let sockets: Socket[] = [];

function reply(message: FromClientProcess): void {
  process.send?.(message);
}

async function handle(message: ToClientProcess): Promise<void> {
  if (message.kind === 'connect') {
    sockets = await connectAll(message.specs, message.concurrency);
    reply({ kind: 'connected', sockets: sockets.length });
  } else if (message.kind === 'load') {
    const pairs: SocketPair[] = [];
    for (let i = 0; i < sockets.length; i += 2) pairs.push({ a: sockets[i]!, b: sockets[i + 1]! });
    const part = await runLoad(pairs, message);
    reply({ kind: 'loaded', part });
  } else {
    process.disconnect();
  }
}

process.on('message', (message: ToClientProcess) => {
  handle(message).catch((error: unknown) => {
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});
// Asked to close, or the coordinator is gone (finished, or killed): nothing left to measure for.
process.on('disconnect', () => {
  closeAll(sockets);
  process.exit(0);
});

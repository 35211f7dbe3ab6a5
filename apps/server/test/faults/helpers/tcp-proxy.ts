import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections currently open towards each target port. */
  readonly open: ReadonlyMap<number, number>;
  /** Connections ever accepted, by target port. */
  readonly accepted: ReadonlyMap<number, number>;
  /** A restart of what is behind: every connection is destroyed and new ones are refused. */
  cut(): Promise<void>;
  /** A network partition: connections stay open but nothing passes, new ones are held silent. */
  freeze(): void;
  /** Listens again on the same port (after cut), or drops the frozen connections (after freeze). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * A loopback TCP proxy: each accepted connection is piped to the next target in turn; a target
 * that refuses is skipped, so with several targets it is a small load balancer that routes
 * around a dead instance.
 */
export async function startTcpProxy(targets: number[]): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const open = new Map<number, number>();
  const accepted = new Map<number, number>();
  let next = 0;
  let frozen = false;
  const pipes = new Set<[Socket, Socket]>();
  const bump = (map: Map<number, number>, key: number, by: number) =>
    map.set(key, (map.get(key) ?? 0) + by);

  const pipeTo = (client: Socket, attempt: number): void => {
    if (attempt >= targets.length) {
      client.destroy();
      return;
    }
    const target = targets[next++ % targets.length]!;
    const upstream = connect(target, '127.0.0.1');
    sockets.add(upstream);
    let connected = false;
    upstream.on('error', () => {
      if (!connected) pipeTo(client, attempt + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      bump(open, target, 1);
      bump(accepted, target, 1);
      upstream.once('close', () => bump(open, target, -1));
      if (frozen) return;
      const entry: [Socket, Socket] = [client, upstream];
      pipes.add(entry);
      client.pipe(upstream).pipe(client);
      client.resume();
      const end = () => {
        pipes.delete(entry);
        client.destroy();
        upstream.destroy();
      };
      upstream.once('close', end);
      client.once('close', end);
    });
    upstream.once('close', () => sockets.delete(upstream));
  };

  const makeServer = () =>
    createServer({ pauseOnConnect: true }, (client) => {
      sockets.add(client);
      client.on('error', () => undefined);
      client.once('close', () => sockets.delete(client));
      if (!frozen) pipeTo(client, 0);
    });

  let server = makeServer();
  const port = await listen(server, 0);
  let listening = true;

  const stop = async () => {
    if (listening) {
      listening = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  return {
    port,
    open,
    accepted,
    async cut() {
      const closed = stop();
      destroyAll();
      await closed;
    },
    freeze() {
      frozen = true;
      for (const [client, upstream] of pipes) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pipes.clear();
    },
    async restore() {
      if (frozen) {
        frozen = false;
        destroyAll();
      }
      if (listening) return;
      server = makeServer();
      await listen(server, port);
      listening = true;
    },
    async close() {
      const closed = stop();
      destroyAll();
      await closed;
    },
  };
}

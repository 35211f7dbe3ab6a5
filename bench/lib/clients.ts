import { io, type Socket } from 'socket.io-client';

export interface ClientSpec {
  url: string;
  auth: Record<string, string>;
}

const CONNECT_TIMEOUT_MS = 20_000;

function connectOne({ url, auth }: ClientSpec): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Opens every client over websocket, at most `concurrency` handshakes at a time. */
export async function connectAll(specs: ClientSpec[], concurrency = 100): Promise<Socket[]> {
  const sockets: Socket[] = new Array<Socket>(specs.length);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next;
      next += 1;
      sockets[index] = await connectOne(specs[index]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  } catch (error) {
    closeAll(sockets.filter(Boolean));
    throw error;
  }
  return sockets;
}

export function closeAll(sockets: Socket[]): void {
  for (const socket of sockets) socket.close();
}

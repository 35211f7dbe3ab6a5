import { SERVER_EVENTS } from '@couple/protocol';

/**
 * A socket's outgoing-packet listener that counts each desire once when this instance writes it
 * to one or more of its receiver's sockets. socket.io hands every socket of one broadcast (local,
 * or arriving from another instance through the Redis adapter) the same decoded message object,
 * so the first socket counts it and the others find it seen.
 */
export function countDeliveries(count: () => void): (event: string, ...args: unknown[]) => void {
  const seen = new WeakSet<object>();
  return (event, message) => {
    if (event !== SERVER_EVENTS.newMessage || typeof message !== 'object' || message === null) {
      return;
    }
    if (seen.has(message)) return;
    seen.add(message);
    count();
  };
}

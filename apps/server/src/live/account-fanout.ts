import type { Server } from 'socket.io';
import { SERVER_EVENTS } from '@couple/protocol';
import type { DomainListener, ListenerModule } from '../events.js';
import { userRoom } from './fanout.js';

/**
 * A deleted account: its sockets close on every instance (its sessions' revocations close them
 * too; this also catches one opened in between), and the former partner learns that the pair is
 * over and who left.
 */
export function accountFanoutListeners(io: Server): ListenerModule {
  const onAccountDeleted: DomainListener<'accountDeleted'> = (deleted) => {
    const { userId, username, formerPartner } = deleted;
    io.in(userRoom(userId)).disconnectSockets(true);
    if (!formerPartner) return;
    const room = userRoom(formerPartner.userId);
    io.to(room).emit(SERVER_EVENTS.partnerStatusUpdate, { status: 'none', partner: null });
    io.to(room).emit(SERVER_EVENTS.partnerAccountDeleted, { username });
  };
  return { name: 'live/account-fanout', listeners: { accountDeleted: onAccountDeleted } };
}

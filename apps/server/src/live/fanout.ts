import type { Server } from 'socket.io';
import { SERVER_EVENTS } from '@couple/protocol';
import type { DomainListener, ListenerModule } from '../events.js';

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Turns committed domain events into socket events. Everything goes to rooms, never to a socket
 * object, so the Redis adapter carries it to every instance unchanged. Whom to tell and the
 * counts shown come with each event: nothing here asks the database.
 */
export function liveFanoutListeners(io: Server): ListenerModule {
  const onDesireSent: DomainListener<'desireSent'> = ({ message, receiver }) => {
    io.to(userRoom(message.sender_id)).emit(SERVER_EVENTS.messageSent, message);
    io.to(userRoom(message.receiver_id)).emit(SERVER_EVENTS.newMessage, message);
    io.to(userRoom(message.receiver_id)).emit(SERVER_EVENTS.unreadCount, {
      count: receiver.unreadDesires,
    });
  };
  const onMessagesRead: DomainListener<'messagesRead'> = (read) => {
    const { readerId, senderId, ids, all } = read;
    io.to([userRoom(readerId), userRoom(senderId)]).emit(SERVER_EVENTS.messagesMarkedRead, {
      ids,
      all,
      readerId,
    });
    io.to(userRoom(readerId)).emit(SERVER_EVENTS.unreadCount, { count: read.readerUnread });
  };
  const onPartnerConnected: DomainListener<'partnerConnected'> = ({ partner, self }) => {
    io.to(userRoom(self.id)).emit(SERVER_EVENTS.partnerStatusUpdate, {
      status: 'accepted',
      partner,
    });
    io.to(userRoom(partner.id)).emit(SERVER_EVENTS.partnerStatusUpdate, {
      status: 'accepted',
      partner: self,
    });
  };
  const onPartnerDisconnected: DomainListener<'partnerDisconnected'> = ({ userId, partnerId }) => {
    io.to([userRoom(userId), userRoom(partnerId)]).emit(SERVER_EVENTS.partnerStatusUpdate, {
      status: 'none',
      partner: null,
      ended_by: userId,
    });
  };

  // Both partners: the receiver's toast and inbox entry, the sender's other devices' Sent list.
  const onThoughtSent: DomainListener<'thoughtSent'> = ({ thought }) => {
    io.to([userRoom(thought.sender_id), userRoom(thought.receiver_id)]).emit(
      SERVER_EVENTS.thoughtReceived,
      thought,
    );
  };

  const onIdentityKeyChanged: DomainListener<'identityKeyChanged'> = (change) => {
    if (!change.partnerId) return;
    io.to(userRoom(change.partnerId)).emit(SERVER_EVENTS.partnerKeyChanged, {
      key_id: change.keyId,
      previous_key_id: change.previousKeyId,
    });
  };

  // The answerer's own devices always hear of it; the asker only while still the partner.
  const onDesireAnswered: DomainListener<'desireAnswered'> = ({ answer, answererId, asker }) => {
    const rooms = [userRoom(answererId), ...(asker ? [userRoom(asker.userId)] : [])];
    io.to(rooms).emit(SERVER_EVENTS.desireAnswered, { ...answer, answerer_id: answererId });
  };

  // Wishes: both partners refetch; a new match is a toast on both (never which wish).
  const onWishesChanged: DomainListener<'wishesChanged'> = ({ userIds, reason }) => {
    io.to(userIds.map(userRoom)).emit(SERVER_EVENTS.wishesChanged, { reason });
  };
  const onWishMatched: DomainListener<'wishMatched'> = ({ roundId, people }) => {
    io.to(people.map((person) => userRoom(person.userId))).emit(SERVER_EVENTS.wishMatched, {
      round_id: roundId,
    });
  };

  return {
    name: 'live/fanout',
    listeners: {
      desireSent: onDesireSent,
      messagesRead: onMessagesRead,
      desireAnswered: onDesireAnswered,
      partnerConnected: onPartnerConnected,
      partnerDisconnected: onPartnerDisconnected,
      identityKeyChanged: onIdentityKeyChanged,
      thoughtSent: onThoughtSent,
      wishesChanged: onWishesChanged,
      wishMatched: onWishMatched,
    },
  };
}

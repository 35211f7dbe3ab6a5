import type { Server } from 'socket.io';
import { SERVER_EVENTS } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { DomainEventMap, DomainListener, ListenerModule } from '../events.js';
import { getUnreadCount } from '../messages/service.js';
import { answerReachesPartner } from '../answers/service.js';

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Turns committed domain events into socket events. Everything goes to rooms, never to a socket
 * object, so the Redis adapter carries it to every instance unchanged.
 */
export function liveFanoutListeners(io: Server, ctx: AppContext): ListenerModule {
  const emitUnreadCount = async (userId: string) => {
    try {
      const count = await getUnreadCount(ctx, userId);
      io.to(userRoom(userId)).emit(SERVER_EVENTS.unreadCount, { count });
    } catch (error) {
      ctx.log.warn({ err: error }, 'unread count not delivered');
    }
  };

  const onDesireSent: DomainListener<'desireSent'> = ({ message, receiver }) => {
    io.to(userRoom(message.sender_id)).emit(SERVER_EVENTS.messageSent, message);
    io.to(userRoom(message.receiver_id)).emit(SERVER_EVENTS.newMessage, message);
    io.to(userRoom(message.receiver_id)).emit(SERVER_EVENTS.unreadCount, {
      count: receiver.unreadCount,
    });
  };
  const onMessagesRead: DomainListener<'messagesRead'> = ({ readerId, senderId, ids, all }) => {
    io.to([userRoom(readerId), userRoom(senderId)]).emit(SERVER_EVENTS.messagesMarkedRead, {
      ids,
      all,
      readerId,
    });
    void emitUnreadCount(readerId);
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
  const emitAnswer = async (event: DomainEventMap['desireAnswered'][0]) => {
    const { answer, answererId, askerId } = event;
    const rooms = [userRoom(answererId)];
    try {
      if (await answerReachesPartner(ctx, event)) rooms.push(userRoom(askerId));
    } catch (error) {
      ctx.log.warn({ err: error }, 'answer not delivered to the asker');
    }
    io.to(rooms).emit(SERVER_EVENTS.desireAnswered, { ...answer, answerer_id: answererId });
  };
  const onDesireAnswered: DomainListener<'desireAnswered'> = (event) => void emitAnswer(event);

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

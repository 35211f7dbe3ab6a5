import { EventEmitter } from 'node:events';
import type { Message, PartnerSummary } from '@couple/protocol';

/** What happened, after it was committed. The live channel and push delivery listen here. */
export interface DomainEventMap {
  desireSent: [{ message: Message; senderUsername: string; receiverUnreadCount: number }];
  messagesRead: [{ readerId: string; senderId: string; ids: string[]; all: boolean }];
  partnerConnected: [{ userId: string; partner: PartnerSummary; self: PartnerSummary }];
  partnerDisconnected: [{ userId: string; partnerId: string }];
  sessionRevoked: [{ sessionId: string }];
}

export class DomainEvents extends EventEmitter<DomainEventMap> {}

export type DomainListener<K extends keyof DomainEventMap> = (...args: DomainEventMap[K]) => void;

import { EventEmitter } from 'node:events';
import type { DesireAnswer, Message, PartnerSummary, Thought } from '@couple/protocol';
import type { Recipient } from './delivery/decide.js';

/**
 * Every domain event, by name: the runtime list the keys of DomainEventMap come from, so that
 * docs/ARCHITECTURE.md can be checked against it (apps/server/test/architecture-events.test.ts).
 */
export const DOMAIN_EVENT_NAMES = [
  'desireSent',
  'messagesRead',
  'partnerConnected',
  'partnerDisconnected',
  'profileUpdated',
  'sessionRevoked',
  'desireAnswered',
  'thoughtSent',
  'accountDeleted',
  'identityKeyChanged',
  'wishesChanged',
  'wishMatched',
] as const;

export type DomainEventName = (typeof DOMAIN_EVENT_NAMES)[number];

/**
 * What happened, after it was committed: each event's arguments. A name missing here is a type
 * error in DomainEventMap below; a payload without a name there cannot be emitted. Whoever is
 * notified comes as a Recipient, read with the change and decided where the event is emitted
 * (delivery/decide.ts): the listeners only format and send.
 */
interface DomainEventPayloads {
  desireSent: [{ message: Message; senderUsername: string; receiver: Recipient }];
  /** readerUnread: the reader's unread desires once these were marked, counted with them. */
  messagesRead: [
    { readerId: string; senderId: string; ids: string[]; all: boolean; readerUnread: number },
  ];
  /** `codeOwner` is `partner`, the one told by push: the redeemer is `self`. */
  partnerConnected: [
    {
      userId: string;
      connectionId: string;
      partner: PartnerSummary;
      self: PartnerSummary;
      codeOwner: Recipient | null;
    },
  ];
  partnerDisconnected: [{ userId: string; partnerId: string; connectionId: string }];
  /** A profile's own columns changed (its username); pairing changes come as the two above. */
  profileUpdated: [{ userId: string }];
  sessionRevoked: [{ sessionId: string }];
  /** The asker is told only while still the answerer's partner: null otherwise. */
  desireAnswered: [
    { answer: DesireAnswer; answererId: string; answererUsername: string; asker: Recipient | null },
  ];
  /**
   * One partner is thinking of the other (src/thoughts); a retry of a stored one emits nothing.
   * The receiver is told by push only while the partner (null otherwise), both live always.
   */
  thoughtSent: [{ thought: Thought; senderUsername: string; receiver: Recipient | null }];
  /** An account was deleted; its former partner (if any) is told, by name only. */
  accountDeleted: [{ userId: string; username: string; formerPartner: Recipient | null }];
  /** A user published a different identity key; the partner's clients must refetch keys. */
  identityKeyChanged: [
    { userId: string; partnerId: string | null; keyId: string; previousKeyId: string | null },
  ];
  /** A custom wish, a round or a match list of the couple changed (never what it holds). */
  wishesChanged: [{ userIds: [string, string]; reason: 'item' | 'round' | 'matches' }];
  /**
   * A round found a match neither partner had before: both are told, never which one; by push
   * only who had no new-match push lately (takeMatchNotice).
   */
  wishMatched: [{ roundId: string; people: Recipient[] }];
}

/** What happened, after it was committed, by the names of DOMAIN_EVENT_NAMES. */
export type DomainEventMap = { [K in DomainEventName]: DomainEventPayloads[K] };

export type DomainListener<K extends DomainEventName> = (...args: DomainEventMap[K]) => void;

export type DomainListeners = { [K in DomainEventName]?: DomainListener<K> };

/**
 * The listeners of one area, declared together: `name` is the file under src/ that declares them
 * (docs/ARCHITECTURE.md lists each module and its events, and a test compares the two).
 */
export interface ListenerModule {
  name: string;
  listeners: DomainListeners;
}

/** What happened, emitted after commit; listened to by the modules given to listenWith(). */
export class DomainEvents extends EventEmitter<DomainEventMap> {
  readonly #modules = new Map<string, DomainEventName[]>();

  /** Listens with every module; the answer stops them all (app.ts calls it on close). */
  listenWith(modules: ListenerModule[]): () => void {
    const stops = modules.map((module) => {
      if (this.#modules.has(module.name)) throw new Error(`${module.name} listens already`);
      const events = Object.keys(module.listeners) as DomainEventName[];
      this.#modules.set(module.name, events);
      const stop = listenTo(this, module.listeners);
      return () => {
        stop();
        this.#modules.delete(module.name);
      };
    });
    return () => stops.forEach((stop) => stop());
  }

  /** The modules listening now, each with the events it listens to. */
  listenerModules(): { name: string; events: DomainEventName[] }[] {
    return [...this.#modules].map(([name, events]) => ({ name, events }));
  }
}

/** Listens to several events at once; the answer stops every one of them. */
function listenTo(events: DomainEvents, listeners: DomainListeners): () => void {
  // Each listener is typed to its own event above; the emitter's untyped face registers them.
  const emitter: EventEmitter = events;
  const entries = Object.entries(listeners) as [string, (...args: unknown[]) => void][];
  for (const [name, listener] of entries) emitter.on(name, listener);
  return () => {
    for (const [name, listener] of entries) emitter.off(name, listener);
  };
}

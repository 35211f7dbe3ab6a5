import { EventEmitter } from 'node:events';
import type {
  DesireAnswer,
  Locale,
  Message,
  PartnerSummary,
  QuietWindow,
  StoredPushSubscription,
  Thought,
} from '@couple/protocol';

/** What delivering a desire needs about its receiver, read in the sender's transaction. */
export interface ReceiverTargets {
  unreadCount: number;
  /** The receiver's unread thoughts: with unreadCount, the badge on the app's icon. */
  unreadThoughts: number;
  pushSubscription: StoredPushSubscription | null;
  farcasterTokens: { token: string; url: string }[];
  /** The receiver's quiet-hours window, if set: pushes in it are silent, mini-app ones held. */
  quietHours: QuietWindow | null;
  /** The receiver's language (English when the account has none stored). */
  locale: Locale;
}

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
 * error in DomainEventMap below; a payload without a name there cannot be emitted.
 */
interface DomainEventPayloads {
  desireSent: [{ message: Message; senderUsername: string; receiver: ReceiverTargets }];
  messagesRead: [{ readerId: string; senderId: string; ids: string[]; all: boolean }];
  partnerConnected: [
    { userId: string; connectionId: string; partner: PartnerSummary; self: PartnerSummary },
  ];
  partnerDisconnected: [{ userId: string; partnerId: string; connectionId: string }];
  /** A profile's own columns changed (its username); pairing changes come as the two above. */
  profileUpdated: [{ userId: string }];
  sessionRevoked: [{ sessionId: string }];
  desireAnswered: [
    {
      answer: DesireAnswer;
      answererId: string;
      askerId: string;
      answererUsername: string;
      /** The asker's quiet-hours window (the partner may read it), read with the answer. */
      askerQuietHours: QuietWindow | null;
    },
  ];
  /** One partner is thinking of the other (src/thoughts); a retry of a stored one emits nothing. */
  thoughtSent: [
    {
      thought: Thought;
      senderUsername: string;
      /** The receiver's quiet-hours window (the partner may read it), read with the thought. */
      receiverQuietHours: QuietWindow | null;
    },
  ];
  /** An account was deleted; its former partner (if any) is told, by name only. */
  accountDeleted: [{ userId: string; username: string; partnerId: string | null }];
  /** A user published a different identity key; the partner's clients must refetch keys. */
  identityKeyChanged: [
    { userId: string; partnerId: string | null; keyId: string; previousKeyId: string | null },
  ];
  /** A custom wish, a round or a match list of the couple changed (never what it holds). */
  wishesChanged: [{ userIds: [string, string]; reason: 'item' | 'round' | 'matches' }];
  /** A round found a match neither partner had before: both are told, never which one. */
  wishMatched: [{ roundId: string; people: WishMatchRecipient[] }];
}

/** What happened, after it was committed, by the names of DOMAIN_EVENT_NAMES. */
export type DomainEventMap = { [K in DomainEventName]: DomainEventPayloads[K] };

/** One partner told of a new match, with their quiet-hours window read in the same transaction. */
export interface WishMatchRecipient {
  userId: string;
  quietHours: QuietWindow | null;
  /** False when this person had a new-match push lately (takeMatchNotice): live only. */
  notify: boolean;
}

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

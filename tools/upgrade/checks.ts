// What "every acknowledged desire arrived exactly once" means after the upgrade, per receiver.
import { API_ROUTES, MESSAGES_LIST_LIMIT, messagesListSchema } from '@couple/protocol';
import type { Client, SentDesire } from './client.js';

type Expected = ReadonlyMap<string, SentDesire>;

/** Every desire acknowledged as sent to this client, by id. */
export function expectedFor(receiver: Client, clients: readonly Client[]): Expected {
  const senders = clients.filter((client) => client.partner.id === receiver.user.id);
  return new Map(senders.flatMap((sender) => sender.sent.map((entry) => [entry.id, entry])));
}

/** The receiver's whole inbox over HTTP, page by page (newest first), duplicates kept. */
export async function inboxOf(receiver: Client): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const before = ids.length > 0 ? `&before=${ids.at(-1)}` : '';
    const path = `/api${API_ROUTES.listReceivedMessages.path}`;
    const response = await fetch(`${receiver.url}${path}?limit=${MESSAGES_LIST_LIMIT}${before}`, {
      headers: { authorization: `Bearer ${receiver.user.token}` },
    });
    if (response.status !== 200) throw new Error(`inbox page: ${response.status}`);
    const page = messagesListSchema.parse(await response.json());
    ids.push(...page.messages.map((message) => message.id));
    if (page.messages.length < MESSAGES_LIST_LIMIT) return ids;
  }
}

const duplicatesOf = (ids: readonly string[]) => [
  ...new Set(ids.filter((id, index) => ids.indexOf(id) !== index)),
];

/**
 * The inbox is the source of truth: it holds each acknowledged desire once, and nothing else
 * (every send was retried until acknowledged, so nothing stored is unacknowledged).
 */
export function inboxProblems(inbox: readonly string[], expected: Expected): string[] {
  const held = new Set(inbox);
  const problems: string[] = [];
  const missing = [...expected.keys()].filter((id) => !held.has(id));
  const unexpected = [...held].filter((id) => !expected.has(id));
  const twice = duplicatesOf(inbox);
  if (missing.length > 0) problems.push(`missing ${missing.length}: ${missing.slice(0, 3)}`);
  if (unexpected.length > 0)
    problems.push(`never acknowledged ${unexpected.length}: ${unexpected.slice(0, 3)}`);
  if (twice.length > 0) problems.push(`listed twice ${twice.length}: ${twice.slice(0, 3)}`);
  return problems;
}

/**
 * Live delivery, across reconnects. A desire sent while the receiver's socket was away is not
 * replayed (the app reads the inbox when it reconnects), and one in flight when an instance
 * closed may miss it, so no connection has to receive everything. But no desire comes live
 * twice to one person, even across connections and instances, nothing comes that was not
 * acknowledged, and a connection that stays open receives every desire first sent after it
 * opened: the last connection of each person, which lasts to the end, is held to that.
 */
export function liveProblems(
  receiver: Client,
  expected: Expected,
  excused: (sent: SentDesire) => boolean,
): string[] {
  const all = receiver.sessions.flatMap((session) => session.received);
  const last = receiver.sessions.at(-1);
  const problems: string[] = [];
  const twice = duplicatesOf(all);
  const unexpected = all.filter((id) => !expected.has(id));
  if (twice.length > 0) problems.push(`live twice ${twice.length}: ${twice.slice(0, 3)}`);
  if (unexpected.length > 0) problems.push(`live but unacknowledged: ${unexpected.slice(0, 3)}`);
  if (receiver.unreadable.length > 0)
    problems.push(`unreadable live events: ${receiver.unreadable.slice(0, 2)}`);
  const missed = missedByLastSession(receiver, expected).filter(
    (id) => !excused(expected.get(id)!),
  );
  if (!last || last.endedAt !== undefined) problems.push('the last connection is closed');
  else if (missed.length > 0)
    problems.push(`not live on the open connection ${missed.length}: ${missed.slice(0, 3)}`);
  return problems;
}

/** Desires first sent after the receiver's last connection opened and not received on it. */
export function missedByLastSession(receiver: Client, expected: Expected): string[] {
  const last = receiver.sessions.at(-1);
  if (!last) return [...expected.keys()];
  const received = new Set(last.received);
  return [...expected.values()]
    .filter((sent) => sent.firstTriedAt >= last.connectedAt && !received.has(sent.id))
    .map((sent) => sent.id);
}

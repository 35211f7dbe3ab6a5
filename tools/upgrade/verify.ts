// The checks once the traffic has stopped: nothing lost, nothing twice, every failure explained.
import { LIVE_CHANNEL } from '@couple/protocol';
import { waitFor } from '../image/container.js';
import { duringSwap, explained, type Attempt, type Swap } from './attempts.js';
import {
  expectedFor,
  inboxOf,
  inboxProblems,
  liveProblems,
  missedByLastSession,
} from './checks.js';
import type { Client, SentDesire } from './client.js';
import type { RunDatabase } from './database.js';
import { check } from './report.js';

const LIVE_WITHIN_MS = 60_000;

export interface Run {
  clients: readonly Client[];
  attempts: readonly Attempt[];
  swaps: readonly Swap[];
  database: RunDatabase;
  /** Whether the previous release fans out what it stores while it closes (previous-release.ts). */
  previousFansOutWhileClosing: boolean;
}

const problemsOf = (entries: [Client, string[]][]) =>
  entries
    .filter(([, problems]) => problems.length > 0)
    .map(([client, problems]) => `${client.user.username}: ${problems.join(', ')}`)
    .join('; ');

export async function verifyRun(run: Run): Promise<void> {
  const { clients, attempts, swaps, database } = run;
  const lost = clients.flatMap((client) => client.lost);
  check(lost.length === 0, 'every desire was acknowledged in the end', lost.slice(0, 3).join());
  const unexplained = attempts.filter((attempt) => !explained(attempt, swaps));
  check(
    unexplained.length === 0,
    'no request failed but with server_busy, shutting_down, or a connection lost in a swap',
    unexplained
      .slice(0, 5)
      .map((a) => `${a.what} ${a.surface} :${a.port} ${a.detail}`)
      .join('; '),
  );

  // Draining: an instance of this release that closes answers every send it stores. A send whose
  // connection was lost and whose retry then found it stored was taken and left unanswered.
  const cutThenStored = (from: Swap['from']) =>
    clients
      .flatMap((client) => client.sent)
      .filter(({ cut }) =>
        swaps.some(
          (swap) =>
            swap.from === from &&
            cut?.stored &&
            duringSwap({ port: cut.port, startedAt: cut.at, endedAt: cut.at }, swap),
        ),
      );
  const unanswered = cutThenStored('this');
  check(
    unanswered.length === 0,
    'an instance of this release that closes answers every desire it stores',
    unanswered.map((sent) => `${sent.surface} ${sent.id}`).join(', '),
  );
  const oldUnanswered = cutThenStored('previous').length;
  if (oldUnanswered > 0) {
    console.log(
      'INFO desires a closing instance of the previous release stored without an answer (it ' +
        `closes its sockets first), each found stored when sent again: ${oldUnanswered}`,
    );
  }

  const expected = new Map(clients.map((client) => [client, expectedFor(client, clients)]));
  const inboxes = await Promise.all(
    clients.map(async (client): Promise<[Client, string[]]> => [
      client,
      inboxProblems(await inboxOf(client), expected.get(client)!),
    ]),
  );
  check(
    problemsOf(inboxes) === '',
    `each of the ${clients.length} inboxes holds every desire acknowledged to it, once`,
    problemsOf(inboxes),
  );
  const acked = clients.reduce((sum, client) => sum + client.sent.length, 0);
  const stored = await database.storedDesires();
  check(
    stored === acked,
    `the database holds ${acked} desires, one per acknowledged id`,
    `${stored}`,
  );

  // Each receiver's last desire from its partner was sent after everything else that partner
  // sent, through the same instance and Redis connection: once it has come, one still missing
  // from the open connection is not late but lost.
  await waitFor(
    async () =>
      clients.every((client) => {
        const last = clients.find((other) => other.user.id === client.partner.id)!.sent.at(-1);
        return !last || client.sessions.at(-1)!.received.includes(last.id);
      }),
    LIVE_WITHIN_MS,
    "each receiver's last desire, live",
  );
  const excused = (sent: SentDesire) =>
    !run.previousFansOutWhileClosing &&
    swaps.some(
      (swap) =>
        swap.from === 'previous' &&
        swap.port === sent.port &&
        sent.ackedAt >= swap.stoppingAt &&
        sent.firstTriedAt <= (swap.readyAt ?? Infinity),
    );
  const live = clients.map((client): [Client, string[]] => [
    client,
    liveProblems(client, expected.get(client)!, excused),
  ]);
  check(
    problemsOf(live) === '',
    'no desire came live twice, and each open socket got every desire sent after it opened',
    problemsOf(live),
  );
  const excusedMisses = clients.flatMap((client) =>
    missedByLastSession(client, expected.get(client)!).filter((id) =>
      excused(expected.get(client)!.get(id)!),
    ),
  );
  if (excusedMisses.length > 0) {
    console.log(
      `INFO ${excusedMisses.length} desires stored while an instance of the previous release ` +
        `closed did not come live (that release stops its fan-out first): ${excusedMisses}`,
    );
  }
  const unmoved = clients.filter((client) => client.sessions.length < 2);
  check(
    unmoved.length === 0,
    'every socket was closed by its swap and reconnected',
    unmoved.map((client) => client.user.username).join(),
  );
  const gaveUp = clients.filter((client) => client.gaveUp > 0);
  if (gaveUp.length > 0) {
    console.log(
      `INFO sockets whose ${LIVE_CHANNEL.reconnectionAttempts} attempts ran out before their ` +
        `instance was back, asked again (the web app waits to be online again): ${gaveUp.length}`,
    );
  }
}

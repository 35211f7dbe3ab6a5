// What the people of the compose test do while instances come and go: a socket that behaves as
// the web app's (lib/live.ts: socket.io's own retries, and a new connect after the server closed
// the connection), and a sender that keeps sending desires over HTTP, one in flight, retrying a
// refused or lost send under the same client id as the web app's outbox does.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DESIRES_PER_MINUTE, type Message } from '@couple/protocol';
import { desire, request } from '../../apps/server/test/helpers/api.js';
import { webAppSocket } from '../../apps/server/test/helpers/live-client.js';

export interface WatchedSocket {
  socket: Socket;
  connects: number;
  disconnects: number;
  /** Each desire id heard live, with how many times. */
  heard: Map<string, number>;
}

export function watchSocket(url: string, token: string): WatchedSocket {
  const socket = webAppSocket(url, token);
  const watched: WatchedSocket = { socket, connects: 0, disconnects: 0, heard: new Map() };
  socket.on('connect', () => (watched.connects += 1));
  socket.on('disconnect', (reason) => {
    watched.disconnects += 1;
    // socket.io does not retry a close the server chose (a shutdown): the web app connects again.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('new_message', (message: Message) =>
    watched.heard.set(message.id, (watched.heard.get(message.id) ?? 0) + 1),
  );
  return watched;
}

/** Refusals of a desire not taken (load, or an instance shutting down): sent again as is. */
const RETRYABLE_CODES = new Set(['server_busy', 'service_unavailable']);
/** The proxy's own answers while no instance behind it takes the request. */
const PROXY_STATUSES = new Set([502, 503, 504]);
const ATTEMPTS = 100;
/** A fifth below the per-sender limit of desires a minute: a steady sender is never refused. */
const SPACING_MS = (60_000 / DESIRES_PER_MINUTE) * 1.2;

export interface SenderReport {
  acknowledged: string[];
  /** How each retried attempt failed: `503 shutting_down`, `502 proxy`, `fetch failed`… */
  retried: Map<string, number>;
  /** Answers a client could not retry: a desire lost for its sender. */
  refused: string[];
}

/** Sends desires until `stop()` is called; resolves with what happened to each. */
export function startSender(url: string, token: string) {
  const report: SenderReport = { acknowledged: [], retried: new Map(), refused: [] };
  let stopping = false;
  const count = (kind: string) => report.retried.set(kind, (report.retried.get(kind) ?? 0) + 1);

  async function sendOne(): Promise<void> {
    const id = randomUUID();
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const answer = await request(url, 'POST', '/api/messages', {
        token,
        body: desire({ id, content: `steady ${report.acknowledged.length}` }),
      }).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (typeof answer !== 'string' && answer.status === 201) {
        report.acknowledged.push(id);
        return;
      }
      const code = typeof answer === 'string' ? undefined : answer.body.code;
      const status = typeof answer === 'string' ? 0 : answer.status;
      const kind = typeof answer === 'string' ? answer : `${status} ${code ?? 'proxy'}`;
      const retryable = code
        ? RETRYABLE_CODES.has(code)
        : status === 0 || PROXY_STATUSES.has(status);
      if (!retryable) {
        report.refused.push(
          `${kind} ${JSON.stringify(typeof answer === 'string' ? '' : answer.body)}`,
        );
        return;
      }
      count(kind);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    report.refused.push(`${id}: still refused after ${ATTEMPTS} attempts`);
  }

  const done = (async () => {
    while (!stopping) {
      await sendOne();
      await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
    }
    return report;
  })();
  return {
    report,
    stop: () => {
      stopping = true;
      return done;
    },
  };
}

/** Every desire id in the user's inbox, page by page, with repeats kept. */
export async function inboxIds(url: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let before: string | undefined; ;) {
    const query = before ? `?before=${before}` : '';
    const page = await request(url, 'GET', `/api/messages${query}`, { token });
    if (page.status !== 200) throw new Error(`inbox: ${page.status} ${JSON.stringify(page.body)}`);
    const messages = (page.body.messages ?? []) as Message[];
    ids.push(...messages.map((message) => message.id));
    if (messages.length === 0) return ids;
    before = messages.at(-1)!.id;
  }
}

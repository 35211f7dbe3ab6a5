// One person of the test: a live socket on their instance, and a sender that sends desires to
// their partner over HTTP and over the socket in turn, each until it is acknowledged.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import {
  API_ROUTES,
  CLIENT_EVENTS,
  SERVER_EVENTS,
  messageSchema,
  type Ack,
  type Message,
} from '@couple/protocol';
import { desire, type TestUser } from '../../apps/server/test/helpers/api.js';
import { webAppSocket } from '../../apps/server/test/helpers/live-client.js';
import {
  classifyAck,
  classifyAckError,
  classifyFetchError,
  classifyResponse,
  type Attempt,
  type Outcome,
} from './attempts.js';

/** Longer than a swap takes: a desire not acknowledged by then is lost. */
const SEND_DEADLINE_MS = 150_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** A client's back-off after a failure that names no Retry-After. */
const BACK_OFF_MS = 250;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LiveSession {
  connectedAt: number;
  endedAt?: number;
  reason?: string;
  /** The ids of the `new_message` events this connection received, in order. */
  received: string[];
}

export interface SentDesire {
  id: string;
  /** Exactly what was sent: a retry sends it again. */
  body: Record<string, unknown>;
  surface: 'http' | 'socket';
  /** The port of the sender's instance. */
  port: number;
  firstTriedAt: number;
  ackedAt: number;
  /** Attempts that did not end in an ack before the one that did. */
  failedAttempts: number;
  /** Acknowledged as a retry of a desire already stored (HTTP 200, not 201). */
  duplicate: boolean;
  /**
   * The last attempt whose connection was lost before its answer (reset, or no ack), and
   * whether that attempt had stored the desire all the same: the stored row is older than the
   * attempt that was acknowledged. A closing instance that drains never does that.
   */
  cut?: { at: number; port: number; stored: boolean };
}

export class Client {
  readonly sessions: LiveSession[] = [];
  readonly sent: SentDesire[] = [];
  readonly lost: string[] = [];
  /** Live events the protocol's schema refuses: a client could not read them. */
  readonly unreadable: string[] = [];
  /** How often socket.io's attempts ran out before the port had a server again. */
  gaveUp = 0;
  readonly socket: Socket;

  constructor(
    readonly user: TestUser,
    readonly partner: TestUser,
    readonly port: number,
    private readonly attempts: Attempt[],
  ) {
    // As the web app opens it, on websocket only: each client talks to its own instance
    // directly, so nothing needs sticky polling sessions.
    this.socket = webAppSocket(`http://127.0.0.1:${port}`, user.token);
    this.socket.on('connect', () => this.sessions.push({ connectedAt: Date.now(), received: [] }));
    this.socket.on('disconnect', (reason) => {
      const session = this.sessions.at(-1);
      if (session) Object.assign(session, { endedAt: Date.now(), reason });
      // A closing server disconnects its sockets itself, and socket.io does not reconnect after
      // that: the web app connects again, after a refresh of its session that this server,
      // closing, does not answer (its token is still valid here, so this skips the refresh).
      if (reason === 'io server disconnect') this.socket.connect();
    });
    // The app then waits for the browser to come back online, or for a reload; the test asks
    // again at once, and reports how often that was needed (verify.ts), since whether five
    // attempts outlast an instance's start depends on how busy the machine is.
    this.socket.io.on('reconnect_failed', () => {
      this.gaveUp += 1;
      this.socket.connect();
    });
    this.socket.on(SERVER_EVENTS.newMessage, (payload: unknown) => {
      const parsed = messageSchema.safeParse(payload);
      if (!parsed.success) this.unreadable.push(JSON.stringify(payload).slice(0, 200));
      else this.sessions.at(-1)?.received.push(parsed.data.id);
    });
  }

  /** Resolves once the socket is connected, false if it is not within the time. */
  connected(withinMs = SEND_DEADLINE_MS): Promise<boolean> {
    if (this.socket.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.socket.off('connect', done);
        resolve(false);
      }, withinMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.socket.once('connect', done);
    });
  }

  /** Sends until `running()` turns false; the desire in hand is always finished. */
  async sendWhile(running: () => boolean, paceMs: number): Promise<void> {
    for (let index = 0; running(); index += 1) {
      await this.sendOne(index % 2 === 0 ? 'http' : 'socket', index);
      // A person's pace between two desires.
      await pause(paceMs);
    }
  }

  /** One desire, sent again with the same id after each failure until it is acknowledged. */
  private async sendOne(surface: 'http' | 'socket', index: number): Promise<void> {
    const id = randomUUID();
    const body = desire({ id, intensity: (index % 10) + 1 });
    const firstTriedAt = Date.now();
    const deadline = firstTriedAt + SEND_DEADLINE_MS;
    let failedAttempts = 0;
    let cutAt: number | undefined;
    while (Date.now() < deadline) {
      if (surface === 'socket' && !(await this.connected(deadline - Date.now()))) break;
      const startedAt = Date.now();
      const result = surface === 'http' ? await this.postDesire(body) : await this.emitDesire(body);
      const wrong = result.outcome === 'ok' && result.message?.id !== id;
      const outcome = wrong ? 'other' : result.outcome;
      const detail = wrong ? `acknowledged as another desire: ${result.detail}` : result.detail;
      this.record({ surface, what: 'send', startedAt, outcome, detail });
      if (outcome === 'ok') {
        const storedAt = Date.parse(result.message!.created_at);
        const cut = cutAt && { at: cutAt, port: this.port, stored: storedAt < startedAt };
        this.sent.push({
          id,
          body,
          surface,
          port: this.port,
          firstTriedAt,
          ackedAt: Date.now(),
          failedAttempts,
          duplicate: result.duplicate,
          ...(cut ? { cut } : {}),
        });
        return;
      }
      failedAttempts += 1;
      if (outcome === 'reset' || outcome === 'no_ack') cutAt = Date.now();
      await pause((result.retryAfterS ?? 0) * 1000 || BACK_OFF_MS);
    }
    this.lost.push(id);
  }

  /**
   * A desire sent again, as a client does whose ack was lost: over HTTP to an instance (any: a
   * balancer may pick another), or on the socket. Answers whether it was taken as the one stored.
   */
  async resend(entry: SentDesire, via: number | 'socket'): Promise<string | undefined> {
    const startedAt = Date.now();
    const result =
      via === 'socket' ? await this.emitDesire(entry.body) : await this.postDesire(entry.body, via);
    const surface = via === 'socket' ? 'socket' : 'http';
    const port = via === 'socket' ? this.port : via;
    this.record({ surface, what: 'send', startedAt, port, ...result });
    const stored = result.message?.id === entry.id && (via === 'socket' || result.duplicate);
    return stored ? undefined : `${surface} :${port} ${result.detail}`;
  }

  private async postDesire(body: Record<string, unknown>, port = this.port) {
    try {
      const url = `http://127.0.0.1:${port}`;
      const response = await fetch(`${url}/api${API_ROUTES.sendDesire.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const { body: answer, ...result } = await classifyResponse(response);
      return { ...result, message: this.messageOf(answer), duplicate: response.status === 200 };
    } catch (error) {
      return { ...classifyFetchError(error), message: undefined, duplicate: false };
    }
  }

  private async emitDesire(body: Record<string, unknown>) {
    try {
      const ack = (await this.socket
        .timeout(REQUEST_TIMEOUT_MS)
        .emitWithAck(CLIENT_EVENTS.sendMessage, body)) as Ack<unknown>;
      const message = ack.ok ? this.messageOf(ack.data) : undefined;
      // The socket's ack does not say whether the id was stored before; the inbox check does.
      return { ...classifyAck(ack), message, duplicate: false, retryAfterS: undefined };
    } catch (error) {
      return {
        ...classifyAckError(error),
        message: undefined,
        duplicate: false,
        retryAfterS: undefined,
      };
    }
  }

  /** The acknowledged desire, if it is one to this client's partner. */
  private messageOf(answer: unknown): Message | undefined {
    const parsed = messageSchema.safeParse((answer as { message?: unknown } | null)?.message);
    return parsed.success && parsed.data.receiver_id === this.partner.id ? parsed.data : undefined;
  }

  /** Reads the first page of the inbox, as the app does on each reconnect, until told to stop. */
  async readWhile(running: () => boolean, paceMs: number): Promise<void> {
    while (running()) {
      const startedAt = Date.now();
      const result = await fetch(
        `${this.url}/api${API_ROUTES.listReceivedMessages.path}?limit=10`,
        {
          headers: { authorization: `Bearer ${this.user.token}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
      ).then(classifyResponse, classifyFetchError);
      this.record({ surface: 'http', what: 'read', startedAt, ...result });
      await pause(paceMs);
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private record(
    attempt: Omit<Attempt, 'port' | 'endedAt'> & { outcome: Outcome; port?: number },
  ): void {
    this.attempts.push({
      surface: attempt.surface,
      what: attempt.what,
      startedAt: attempt.startedAt,
      outcome: attempt.outcome,
      detail: attempt.detail,
      port: attempt.port ?? this.port,
      endedAt: Date.now(),
    });
  }

  close(): void {
    this.socket.close();
  }
}

import type { WebSocket } from 'ws';
import {
  encodeRealtimeFrame,
  parseRealtimeFrame,
  REALTIME,
  REALTIME_ERRORS,
  realtimeAccessTokenPayloadSchema,
  realtimeJoinPayloadSchema,
  type RealtimeFrame,
} from '@couple/protocol';
import { acceptBindings, BindingError, type Binding } from './bindings.js';
import { columnNames } from './tables.js';

/** Who a channel's token names; null for the public key alone (row-level security hides all). */
export interface Subscriber {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

/** A token's subscriber, `null` for the public key, or a reason it is refused. */
export type Authenticate = (token: string) => Promise<Subscriber | null | { refused: string }>;

/** How a connection checks its tokens, and asks again whether a session is still open. */
export interface Access {
  authenticate: Authenticate;
  isSessionActive(sessionId: string): Promise<boolean>;
}

export interface Channel {
  topic: string;
  joinRef: string | null;
  subscriber: Subscriber | null;
  bindings: Binding[];
  expiry?: NodeJS.Timeout;
}

/**
 * One RealtimeClient socket: Phoenix channels joined with `postgres_changes` bindings and an
 * access token each, heartbeats, token updates and leaves. Frames are handled one at a time,
 * in order, so a leave never overtakes its join.
 */
export class RealtimeConnection {
  readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private framesThisSecond = 0;
  private secondStartedAt = Date.now();
  private idle: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly vsn: string,
    private readonly access: Access,
    private readonly onGone: () => void,
  ) {
    this.idle = setTimeout(
      () => this.close(REALTIME.close.goingAway, 'idle'),
      REALTIME.idleTimeoutMs,
    );
    socket.on('message', (data, isBinary) => this.receive(data.toString(), isBinary));
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
  }

  private receive(text: string, isBinary: boolean): void {
    if (this.closed) return;
    const now = Date.now();
    if (now - this.secondStartedAt >= 1000)
      [this.secondStartedAt, this.framesThisSecond] = [now, 0];
    if (++this.framesThisSecond > REALTIME.maxFramesPerSecond) {
      return this.close(REALTIME.close.policy, REALTIME_ERRORS.tooManyFrames);
    }
    const frame = isBinary ? null : parseRealtimeFrame(text, this.vsn);
    if (!frame) return this.close(REALTIME.close.badFrame, REALTIME_ERRORS.badFrame);
    this.idle.refresh();
    this.queue = this.queue
      .then(() => this.handle(frame))
      .catch(() => this.close(REALTIME.close.internal, 'error'));
  }

  private async handle(frame: RealtimeFrame): Promise<void> {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat')
      return this.reply(frame, 'ok', {});
    if (frame.event === 'phx_join') return this.join(frame);
    const channel = this.channels.get(frame.topic);
    if (!channel) return this.reply(frame, 'error', { reason: REALTIME_ERRORS.unmatchedTopic });
    if (frame.event === 'phx_leave') {
      this.drop(channel);
      return this.reply(frame, 'ok', {});
    }
    if (frame.event === 'access_token') return this.updateToken(channel, frame);
    // Broadcast and presence are not offered: the couple's live channel is socket.io's.
    this.reply(frame, 'error', { reason: `${frame.event} is not supported here` });
  }

  private async join(frame: RealtimeFrame): Promise<void> {
    const payload = realtimeJoinPayloadSchema.safeParse(frame.payload);
    if (!frame.topic.startsWith('realtime:') || !payload.success) {
      return this.reply(frame, 'error', { reason: REALTIME_ERRORS.badJoin });
    }
    const requested = payload.data.config.postgres_changes;
    if (!this.channels.has(frame.topic) && this.channels.size >= REALTIME.maxChannelsPerSocket) {
      return this.reply(frame, 'error', { reason: REALTIME_ERRORS.tooManyChannels });
    }
    if (requested.length > REALTIME.maxBindingsPerChannel) {
      return this.reply(frame, 'error', { reason: REALTIME_ERRORS.tooManyBindings });
    }
    let bindings: Binding[];
    try {
      bindings = acceptBindings(requested, columnNames);
    } catch (error) {
      if (!(error instanceof BindingError)) throw error;
      return this.reply(frame, 'error', { reason: error.message });
    }
    const subscriber = await this.access.authenticate(payload.data.access_token ?? '');
    if (subscriber && 'refused' in subscriber) {
      return this.reply(frame, 'error', { reason: subscriber.refused });
    }
    const previous = this.channels.get(frame.topic);
    if (previous) this.drop(previous);
    const channel: Channel = {
      topic: frame.topic,
      joinRef: frame.joinRef ?? frame.ref,
      subscriber,
      bindings,
    };
    this.channels.set(frame.topic, channel);
    this.watchExpiry(channel);
    this.reply(frame, 'ok', {
      postgres_changes: bindings.map(({ id, requested: { event, schema, table, filter } }) => ({
        id,
        event,
        schema,
        table,
        filter,
      })),
    });
    if (bindings.length > 0) {
      this.send({
        joinRef: channel.joinRef,
        ref: null,
        topic: channel.topic,
        event: 'system',
        payload: {
          extension: 'postgres_changes',
          status: 'ok',
          message: 'Subscribed to PostgreSQL',
          channel: channel.topic.slice('realtime:'.length),
        },
      });
    }
    await this.confirmSession(channel);
  }

  private async updateToken(channel: Channel, frame: RealtimeFrame): Promise<void> {
    const payload = realtimeAccessTokenPayloadSchema.safeParse(frame.payload);
    const next = payload.success
      ? await this.access.authenticate(payload.data.access_token)
      : { refused: REALTIME_ERRORS.invalidToken };
    if (next && 'refused' in next) return this.shut(channel, next.refused);
    // A channel joined with the public key may sign in; a signed-in one may not change user.
    if (channel.subscriber && next?.userId !== channel.subscriber.userId) {
      return this.shut(channel, REALTIME_ERRORS.invalidToken);
    }
    channel.subscriber = next;
    this.watchExpiry(channel);
    if (frame.ref !== null) this.reply(frame, 'ok', {});
    await this.confirmSession(channel);
  }

  /**
   * Asks again once the channel is findable by endSession: a revocation between the token's
   * check and now either finds the channel or is seen here (see auth/session-check.ts).
   */
  private async confirmSession(channel: Channel): Promise<void> {
    const sessionId = channel.subscriber?.sessionId;
    if (sessionId && !(await this.access.isSessionActive(sessionId))) {
      this.shut(channel, REALTIME_ERRORS.sessionEnded);
    }
  }

  /** The sessions whose tokens this connection's channels were joined with. */
  *sessionIds(): Iterable<string> {
    for (const channel of this.channels.values()) {
      if (channel.subscriber) yield channel.subscriber.sessionId;
    }
  }

  private watchExpiry(channel: Channel): void {
    clearTimeout(channel.expiry);
    if (!channel.subscriber) return;
    const left = Math.max(0, channel.subscriber.expiresAt - Date.now());
    channel.expiry = setTimeout(() => this.shut(channel, REALTIME_ERRORS.tokenExpired), left);
    channel.expiry.unref();
  }

  /** Ends a channel from the server's side: a system error, then phx_close. */
  shut(channel: Channel, reason: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    this.drop(channel);
    const { joinRef, topic } = channel;
    this.send({
      joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message: reason },
    });
    this.send({ joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });
  }

  /** Sends a change to a channel still joined (it may have left while its row was read). */
  sendChange(channel: Channel, ids: number[], data: Record<string, unknown>): void {
    if (this.channels.get(channel.topic) !== channel) return;
    const { joinRef, topic } = channel;
    this.send({ joinRef, ref: null, topic, event: 'postgres_changes', payload: { ids, data } });
  }

  /** Ends the channels joined with a session's tokens. */
  endSession(sessionId: string): void {
    for (const channel of [...this.channels.values()]) {
      if (channel.subscriber?.sessionId === sessionId)
        this.shut(channel, REALTIME_ERRORS.sessionEnded);
    }
  }

  private drop(channel: Channel): void {
    clearTimeout(channel.expiry);
    this.channels.delete(channel.topic);
  }

  private reply(frame: RealtimeFrame, status: 'ok' | 'error', response: object): void {
    this.send({
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  send(frame: RealtimeFrame): void {
    if (this.closed) return;
    this.socket.send(encodeRealtimeFrame(frame, this.vsn));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    for (const channel of this.channels.values()) clearTimeout(channel.expiry);
    this.channels.clear();
    this.onGone();
  }
}

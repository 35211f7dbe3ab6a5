import { z } from 'zod';
import { ACCESS_TOKEN_MAX_LENGTH } from './constants.js';

/**
 * The Realtime endpoint supabase-js's RealtimeClient speaks to (Phoenix channels over a
 * WebSocket), its limits, and the frames it accepts. The client's own timings (heartbeat 25 s,
 * timeout 10 s, reconnect delays) are SPEC §10's; the server closes a socket that has been
 * silent for two heartbeats and a timeout.
 */
const CLIENT_HEARTBEAT_MS = 25_000;
const CLIENT_TIMEOUT_MS = 10_000;

export const REALTIME = {
  path: '/realtime/v1/websocket',
  /** Phoenix serializer versions: 1.0.0 sends objects, 2.0.0 (supabase-js's default) arrays. */
  versions: ['1.0.0', '2.0.0'],
  clientHeartbeatMs: CLIENT_HEARTBEAT_MS,
  clientTimeoutMs: CLIENT_TIMEOUT_MS,
  /** Two missed heartbeats and a timeout: a socket silent this long is closed. */
  idleTimeoutMs: 2 * CLIENT_HEARTBEAT_MS + CLIENT_TIMEOUT_MS,
  maxChannelsPerSocket: 100,
  maxBindingsPerChannel: 20,
  maxFrameBytes: 64 * 1024,
  /** Frames a socket may send in a second before it is closed: room for joining every channel. */
  maxFramesPerSecond: 200,
  /** WebSocket close codes used when the server ends a socket. */
  close: { badFrame: 1007, policy: 1008, tooBig: 1009, goingAway: 1001, internal: 1011 },
} as const;

/** The tables whose changes are published (SPEC §7's two subscriptions). */
export const REALTIME_TABLES = ['profiles', 'partner_connections'] as const;
export type RealtimeTable = (typeof REALTIME_TABLES)[number];
export type RealtimeEventType = 'INSERT' | 'UPDATE' | 'DELETE';

/** A frame in either serializer version, before its payload is read. */
export interface RealtimeFrame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const ref = z.union([z.string().max(64), z.number().int()]).nullable();
const topic = z.string().min(1).max(255);
const event = z.string().min(1).max(64);
const payload = z.record(z.string(), z.unknown());

const arrayFrameSchema = z.tuple([ref, ref, topic, event, payload]);
const objectFrameSchema = z.object({
  join_ref: ref.optional(),
  ref: ref.optional(),
  topic,
  event,
  payload,
});

const refText = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/** A text frame of the given version, or null when it is not one. */
export function parseRealtimeFrame(text: string, vsn: string): RealtimeFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    const parsed = arrayFrameSchema.safeParse(json);
    if (!parsed.success) return null;
    const [joinRef, frameRef, frameTopic, frameEvent, framePayload] = parsed.data;
    return {
      joinRef: refText(joinRef),
      ref: refText(frameRef),
      topic: frameTopic,
      event: frameEvent,
      payload: framePayload,
    };
  }
  const parsed = objectFrameSchema.safeParse(json);
  if (!parsed.success) return null;
  return {
    joinRef: refText(parsed.data.join_ref),
    ref: refText(parsed.data.ref),
    topic: parsed.data.topic,
    event: parsed.data.event,
    payload: parsed.data.payload,
  };
}

export function encodeRealtimeFrame(frame: RealtimeFrame, vsn: string): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** One `postgres_changes` binding of a join, as RealtimeChannel sends it. */
export const postgresChangeBindingSchema = z.object({
  event: z.enum(['*', 'INSERT', 'UPDATE', 'DELETE']),
  schema: z.string().max(63),
  table: z.string().max(63).optional(),
  filter: z.string().max(512).optional(),
});
export type PostgresChangeBinding = z.infer<typeof postgresChangeBindingSchema>;

export const realtimeJoinPayloadSchema = z.object({
  config: z
    .object({
      postgres_changes: z.array(postgresChangeBindingSchema).default([]),
      broadcast: z.unknown().optional(),
      presence: z.unknown().optional(),
      private: z.boolean().optional(),
    })
    .default({ postgres_changes: [] }),
  access_token: z.string().max(ACCESS_TOKEN_MAX_LENGTH).optional(),
});

export const realtimeAccessTokenPayloadSchema = z.object({
  access_token: z.string().max(ACCESS_TOKEN_MAX_LENGTH),
});

/** The reasons a join, a token update or a socket is refused with, as Realtime words them. */
export const REALTIME_ERRORS = {
  invalidToken: 'Invalid token',
  tokenExpired: 'Token has expired',
  sessionEnded: 'Session ended',
  unknownTable: 'Unable to subscribe to changes with given parameters',
  badFilter: 'Invalid filter: use column=eq.value, neq, lt, lte, gt, gte or in.(a,b)',
  unknownColumn: 'Invalid filter: no such column',
  badJoin: 'Invalid join payload',
  tooManyChannels: 'Too many channels',
  tooManyBindings: 'Too many postgres_changes bindings',
  unmatchedTopic: 'unmatched topic',
  badFrame: 'Invalid frame',
  tooManyFrames: 'Too many messages per second',
} as const;

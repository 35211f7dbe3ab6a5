import type { Socket } from 'socket.io';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  markReadSchema,
  sendDesireSchema,
  type Ack,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { classifyError } from '../http/errors.js';
import { serverBusy } from '../http/load-shedding.js';
import { parseInput } from '../http/validate.js';
import { getUnreadCount, markMessagesRead, sendDesire } from '../messages/service.js';
import { getPartnerStatus } from '../partner/service.js';

type Handler = (userId: string, payload: unknown) => Promise<unknown>;

/**
 * Binds the client events of SPEC §7. Each is validated with the shared schema and answered
 * through the acknowledgement; a failure also emits `error`, and never drops the connection.
 * The session is checked first, as on HTTP (cached): an ended one does disconnect the socket.
 */
export function bindClientEvents(
  socket: Socket,
  ctx: AppContext,
  { userId, sessionId }: { userId: string; sessionId: string },
): void {
  const handlers: Record<string, Handler> = {
    [CLIENT_EVENTS.sendMessage]: async (id, payload) => {
      const { message } = await sendDesire(ctx, id, parseInput(sendDesireSchema, payload));
      return { message };
    },
    [CLIENT_EVENTS.markRead]: async (id, payload) => {
      const { ids } = parseInput(markReadSchema, payload ?? undefined);
      return markMessagesRead(ctx, id, ids);
    },
    [CLIENT_EVENTS.getUnreadCount]: async (id) => {
      const count = await getUnreadCount(ctx, id);
      socket.emit(SERVER_EVENTS.unreadCount, { count });
      return { count };
    },
    [CLIENT_EVENTS.partnerStatus]: async (id) => {
      const { status, partner } = await getPartnerStatus(ctx, id);
      socket.emit(SERVER_EVENTS.partnerStatusUpdate, { status, partner });
      return { status, partner };
    },
  };

  for (const [event, handler] of Object.entries(handlers)) {
    socket.on(event, async (...args: unknown[]) => {
      const last = args.at(-1);
      const ack =
        typeof last === 'function' ? (last as (response: Ack<unknown>) => void) : undefined;
      const payload = ack ? args.slice(0, -1)[0] : args[0];
      try {
        if (ctx.overloaded()) {
          ctx.metrics.loadShed('live');
          throw serverBusy();
        }
        if (!(await ctx.sessions.isActive(sessionId))) {
          socket.disconnect(true);
          return;
        }
        const data = await handler(userId, payload);
        ack?.({ ok: true, data });
      } catch (error) {
        const { body } = classifyError(error, ctx.log);
        socket.emit(SERVER_EVENTS.error, { message: body.error, code: body.code, event });
        ack?.({ ok: false, error: body.error, code: body.code });
      }
    });
  }
}

import { SERVER_EVENTS, type Ack, type ApiAnswer, type LiveOperationName } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { classifyError } from '../http/errors.js';
import { serverBusy } from '../http/load-shedding.js';
import {
  Repeated,
  callOperation,
  checkAnswer,
  type LiveEventOperations,
} from '../http/operations.js';
import type { LiveSocket } from './live-types.js';

type Echo<N extends LiveOperationName> = (socket: LiveSocket, answer: ApiAnswer<N>) => void;

/** What an event sends its own socket beside the ack: the events SPEC §7's client listens to. */
const ECHOES: { [N in LiveOperationName]?: Echo<N> } = {
  getUnreadCount: (socket, { count }) => socket.emit(SERVER_EVENTS.unreadCount, { count }),
  getPartnerStatus: (socket, { status, partner }) =>
    socket.emit(SERVER_EVENTS.partnerStatusUpdate, { status, partner }),
};

function echo<N extends LiveOperationName>(socket: LiveSocket, name: N, answer: ApiAnswer<N>) {
  (ECHOES[name] as Echo<N> | undefined)?.(socket, answer);
}

/**
 * Binds each live event of the contract to its operation, the handler its HTTP route calls too
 * (http/operations.ts): the payload is that route's body, checked by the same schema and access
 * rule, and a failure is classified as on HTTP. The answer goes back in the acknowledgement; a
 * failure also emits `error`, and never drops the connection. The session is checked first, as
 * on HTTP (cached): an ended one does disconnect the socket.
 */
export function bindClientEvents(
  socket: LiveSocket,
  ctx: AppContext,
  liveOperations: LiveEventOperations,
): void {
  const caller = socket.data;
  const checkAnswers = ctx.config.NODE_ENV === 'test';
  for (const [event, operation] of liveOperations) {
    socket.on(event, async (...args: unknown[]) => {
      const last = args.at(-1);
      const ack =
        typeof last === 'function' ? (last as (response: Ack<unknown>) => void) : undefined;
      const body = ack ? args.slice(0, -1)[0] : args[0];
      try {
        if (ctx.overloaded()) {
          ctx.metrics.loadShed('live');
          throw serverBusy();
        }
        if (!(await ctx.sessions.isActive(caller.sessionId))) {
          socket.disconnect(true);
          return;
        }
        const answered = await callOperation(operation, { caller: () => caller, body });
        const data = answered instanceof Repeated ? answered.answer : answered;
        if (checkAnswers) checkAnswer(operation.name, data);
        echo(socket, operation.name, data);
        ack?.({ ok: true, data });
      } catch (error) {
        const { body: failure } = classifyError(error, ctx.log);
        socket.emit(SERVER_EVENTS.error, { message: failure.error, code: failure.code, event });
        ack?.({ ok: false, error: failure.error, code: failure.code });
      }
    });
  }
}

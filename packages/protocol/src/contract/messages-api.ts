import { z } from 'zod';
import {
  listMessagesQuerySchema,
  markReadSchema,
  markedReadSchema,
  messageIdParamsSchema,
  messageSchema,
  messagesListSchema,
  sendDesireSchema,
  unreadCountSchema,
} from '../schemas/messages.js';
import { answerBodySchema, desireAnswerSchema } from '../schemas/answers.js';
import { noBody, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** Sending, reading and answering desires (see ./api.ts). */
export const MESSAGES_CONTRACT = {
  listReceivedMessages: {
    query: listMessagesQuerySchema,
    status: 200,
    answer: messagesListSchema,
    errors: [],
  },
  listSentMessages: {
    query: listMessagesQuerySchema,
    status: 200,
    answer: messagesListSchema,
    errors: [],
  },
  getUnreadCount: { status: 200, answer: unreadCountSchema, errors: [] },
  markAllMessagesRead: {
    body: noBody,
    status: 200,
    answer: markedReadSchema,
    errors: [],
  },
  markMessageRead: {
    params: messageIdParamsSchema,
    body: noBody,
    status: 200,
    answer: markedReadSchema,
    errors: ['message_not_found'],
  },
  markMessagesRead: {
    body: markReadSchema,
    status: 200,
    answer: markedReadSchema,
    errors: ['message_not_found'],
  },
  answerDesire: {
    params: messageIdParamsSchema,
    body: answerBodySchema,
    status: 200,
    answer: desireAnswerSchema,
    errors: [
      'message_not_found',
      'no_partner_connection',
      'encryption_upgrade_required',
      'partner_key_changed',
      'desire_rate_limited',
    ],
  },
  sendDesire: {
    body: sendDesireSchema,
    status: 201,
    answer: z.object({ message: messageSchema }),
    errors: [
      'no_connected_partner',
      'not_partner',
      'message_id_taken',
      'encryption_upgrade_required',
      'partner_key_changed',
      'desire_rate_limited',
    ],
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };

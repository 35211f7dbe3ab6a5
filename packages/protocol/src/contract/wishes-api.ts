import {
  completeWishRoundBodySchema,
  finishWishRoundBodySchema,
  proposeWishBodySchema,
  putWishBackupBodySchema,
  replyWishRoundBodySchema,
  startWishRoundBodySchema,
  wishBackupAnswerSchema,
  wishBackupWrittenSchema,
  wishesStateSchema,
  wishIdParamsSchema,
  wishItemSchema,
  wishRoundIdParamsSchema,
  wishRoundSchema,
} from '../schemas/wishes.js';
import {
  sendThoughtBodySchema,
  thoughtSchema,
  thoughtsListSchema,
  thoughtsReadSchema,
} from '../schemas/thoughts.js';
import { WISH_BACKUP_CONTENT_LENGTH, WISH_SEALED_CONTENT_MAX } from '../wishes/constants.js';
import { noBody, none, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

const ROUND_ERRORS = [
  'wish_round_not_found',
  'wish_round_out_of_order',
  'no_connected_partner',
  'partner_key_changed',
  'encryption_upgrade_required',
] as const;

/**
 * A round step carries up to two sealed blobs (a finish and a match list) of up to
 * WISH_SEALED_CONTENT_MAX characters each, beside their encryption data: more than a note's body.
 */
const ROUND_BODY_BYTES = 2 * WISH_SEALED_CONTENT_MAX + 4_096;

/** The routes of wishes (private matching) and "thinking of you" (see ./api.ts). */
export const WISHES_CONTRACT = {
  getWishes: { status: 200, answer: wishesStateSchema, errors: [] },
  proposeWish: {
    body: proposeWishBodySchema,
    status: 201,
    answer: wishItemSchema,
    errors: [
      'no_connected_partner',
      'wish_id_taken',
      'wish_list_full',
      'partner_key_changed',
      'encryption_upgrade_required',
    ],
  },
  withdrawWish: {
    params: wishIdParamsSchema,
    status: 204,
    answer: none,
    errors: ['wish_not_found'],
  },
  startWishRound: {
    bodyLimitBytes: ROUND_BODY_BYTES,
    body: startWishRoundBodySchema,
    status: 201,
    answer: wishRoundSchema,
    errors: ['wish_id_taken', 'wish_rounds_limited', ...ROUND_ERRORS],
  },
  replyWishRound: {
    bodyLimitBytes: ROUND_BODY_BYTES,
    params: wishRoundIdParamsSchema,
    body: replyWishRoundBodySchema,
    status: 200,
    answer: wishRoundSchema,
    errors: ROUND_ERRORS,
  },
  finishWishRound: {
    bodyLimitBytes: ROUND_BODY_BYTES,
    params: wishRoundIdParamsSchema,
    body: finishWishRoundBodySchema,
    status: 200,
    answer: wishRoundSchema,
    errors: ROUND_ERRORS,
  },
  completeWishRound: {
    bodyLimitBytes: ROUND_BODY_BYTES,
    params: wishRoundIdParamsSchema,
    body: completeWishRoundBodySchema,
    status: 204,
    answer: none,
    errors: ROUND_ERRORS,
  },
  getWishBackup: { status: 200, answer: wishBackupAnswerSchema, errors: [] },
  /** The sealed backup is longer than BODY_LIMIT_BYTES allows. */
  putWishBackup: {
    bodyLimitBytes: WISH_BACKUP_CONTENT_LENGTH + 1_024,
    body: putWishBackupBodySchema,
    status: 200,
    answer: wishBackupWrittenSchema,
    errors: ['wish_backup_changed', 'wish_backup_key_stale', 'wish_backups_limited'],
  },

  sendThought: {
    body: sendThoughtBodySchema,
    status: 201,
    answer: thoughtSchema,
    errors: ['no_connected_partner', 'thought_rate_limited'],
  },
  listThoughts: { status: 200, answer: thoughtsListSchema, errors: [] },
  markThoughtsRead: {
    body: noBody,
    status: 200,
    answer: thoughtsReadSchema,
    errors: [],
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
